import { randomUUID } from 'node:crypto';
import type { LiveCaption } from '@voxlate/contract';
import { KeylessSockets } from './keyless-sockets.js';

type Follower = (caption: LiveCaption) => void;

/** One running live session as the service knows it. */
export interface LiveEntry {
  id: string;
  /** Every caption the session sends goes to its followers too (the caption overlay). */
  caption: (caption: LiveCaption) => void;
  /** The session is over: it leaves the count and its followers stop hearing it. */
  release: () => void;
}

/** Why no place was given: the machine holds as many sessions as it may, or the workspace has its share. */
export type LiveRefusal = { full: 'machine'; max: number } | { full: 'workspace'; max: number };

interface RunningSession {
  owner: string;
  followers: Set<Follower>;
}

/** The open data's sessions (a service without keys): one owner, all its own. */
const OPEN = '';

/**
 * The live sessions this service runs: how many (one machine holds a bounded number of them,
 * each with a decoder process and a share of the CPU; one workspace holds at most its share of
 * them, so it cannot take every place) and who follows their captions. A follower of no session
 * in particular follows its workspace's newest one, so that a streamer's caption overlay set up
 * once keeps working from one live session to the next. A workspace never sees another's sessions.
 */
export class LiveSessions {
  private readonly running = new Map<string, RunningSession>();
  private readonly newest = new Map<string, string>();
  private readonly newestFollowers = new Map<string, Set<Follower>>();

  /** Sockets that came without a key and wait for it, per address. */
  readonly keyless: KeylessSockets;

  constructor(
    readonly maxSessions: number,
    readonly maxPerWorkspace: number = maxSessions,
    maxKeylessPerAddress = 2,
  ) {
    this.keyless = new KeylessSockets(maxKeylessPerAddress);
  }

  get count(): number {
    return this.running.size;
  }

  /** A place for a new session of the workspace (undefined: without keys), or why there is none. */
  tryStart(workspace: string | undefined): LiveEntry | LiveRefusal {
    const owner = workspace ?? OPEN;
    if (this.running.size >= this.maxSessions) return { full: 'machine', max: this.maxSessions };
    if (workspace !== undefined && this.countOf(owner) >= this.maxPerWorkspace) {
      return { full: 'workspace', max: this.maxPerWorkspace };
    }
    const id = randomUUID();
    const followers = new Set<Follower>();
    this.running.set(id, { owner, followers });
    this.newest.set(owner, id);
    return {
      id,
      caption: (caption) => {
        for (const follower of followers) follower(caption);
        if (this.newest.get(owner) === id)
          for (const follower of this.newestFollowers.get(owner) ?? []) follower(caption);
      },
      release: () => {
        this.running.delete(id);
        if (this.newest.get(owner) === id) this.newest.delete(owner);
      },
    };
  }

  /** Whether the session runs, and is the workspace's. */
  isRunning(id: string, workspace: string | undefined): boolean {
    return this.running.get(id)?.owner === (workspace ?? OPEN);
  }

  /**
   * Hears the captions of one of the workspace's sessions (by id), or of its newest when no id is
   * given; returns how to stop, or undefined for an id that is not one of its running sessions.
   */
  follow(id: string | undefined, workspace: string | undefined, follower: Follower): (() => void) | undefined {
    const owner = workspace ?? OPEN;
    if (id === undefined) {
      const followers = this.newestFollowers.get(owner) ?? new Set<Follower>();
      this.newestFollowers.set(owner, followers.add(follower));
      return () => {
        followers.delete(follower);
        if (followers.size === 0 && this.newestFollowers.get(owner) === followers) this.newestFollowers.delete(owner);
      };
    }
    const session = this.running.get(id);
    if (session?.owner !== owner) return undefined;
    session.followers.add(follower);
    return () => session.followers.delete(follower);
  }

  private countOf(owner: string): number {
    let count = 0;
    for (const session of this.running.values()) if (session.owner === owner) count++;
    return count;
  }
}
