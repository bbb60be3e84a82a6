import { randomUUID } from 'node:crypto';
import type { LiveCaption } from '@voxlate/contract';

type Follower = (caption: LiveCaption) => void;

/** One running live session as the service knows it. */
export interface LiveEntry {
  id: string;
  /** Every caption the session sends goes to its followers too (the caption overlay). */
  caption: (caption: LiveCaption) => void;
  /** The session is over: it leaves the count and its followers stop hearing it. */
  release: () => void;
}

/**
 * The live sessions this service runs: how many (one machine holds a bounded number of them,
 * each with a decoder process and a share of the CPU) and who follows their captions. A
 * follower of no session in particular follows the newest one, so that a streamer's caption
 * overlay set up once keeps working from one live session to the next.
 */
export class LiveSessions {
  private readonly running = new Map<string, Set<Follower>>();
  private readonly newestFollowers = new Set<Follower>();
  private newest: string | undefined;

  constructor(readonly maxSessions: number) {}

  get count(): number {
    return this.running.size;
  }

  /** A place for a new session, or undefined when the machine holds as many as it may. */
  tryStart(): LiveEntry | undefined {
    if (this.running.size >= this.maxSessions) return undefined;
    const id = randomUUID();
    const followers = new Set<Follower>();
    this.running.set(id, followers);
    this.newest = id;
    return {
      id,
      caption: (caption) => {
        for (const follower of followers) follower(caption);
        if (this.newest === id) for (const follower of this.newestFollowers) follower(caption);
      },
      release: () => {
        this.running.delete(id);
        if (this.newest === id) this.newest = undefined;
      },
    };
  }

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /**
   * Hears the captions of one session (by id), or of whichever is newest when no id is given;
   * returns how to stop, or undefined for an id that is not running.
   */
  follow(id: string | undefined, follower: Follower): (() => void) | undefined {
    if (id === undefined) {
      this.newestFollowers.add(follower);
      return () => this.newestFollowers.delete(follower);
    }
    const followers = this.running.get(id);
    if (!followers) return undefined;
    followers.add(follower);
    return () => followers.delete(follower);
  }
}
