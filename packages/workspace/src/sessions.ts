import { createHash, randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { NotFound, quoteInput } from '@voxlate/core';
import { FolderLocks, LOCK_WAIT_MS, readJsonFile, writeFileAtomic } from '@voxlate/disk';
import type { WorkspaceRef } from './api-keys.js';

/** How long a session lasts: without use (`idleMs`), and at most (`maxMs`) from its sign-in. */
export interface SessionLifetime {
  idleMs: number;
  maxMs: number;
}

export const DEFAULT_SESSION_LIFETIME: SessionLifetime = { idleMs: 12 * 3600_000, maxMs: 30 * 24 * 3600_000 };

/** VOXLATE_SESSION_IDLE_HOURS (12) and VOXLATE_SESSION_MAX_DAYS (30): read alike by the service and `npm run keys`. */
export function sessionLifetimeFromEnv(env: NodeJS.ProcessEnv = process.env): SessionLifetime {
  const positive = (name: string, fallback: number): number => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!(value > 0)) throw new Error(`${name} must be a positive number, got "${text}".`);
    return value;
  };
  return {
    idleMs: positive('VOXLATE_SESSION_IDLE_HOURS', 12) * 3600_000,
    maxMs: positive('VOXLATE_SESSION_MAX_DAYS', 30) * 24 * 3600_000,
  };
}

/** A session as `npm run keys -- sessions` lists it: never its id, which is not kept. */
export interface SessionListing {
  /** The id's first characters, enough to end it by. */
  prefix: string;
  workspace: WorkspaceRef;
  /** The prefix of the key it was signed in with. */
  keyPrefix: string;
  createdAt: string;
  lastSeenAt: string;
  /** When it ends unless used again (idle), or its last moment (at most). */
  expiresAt: string;
}

/** A live session's holder: the key it was opened with (by id), checked again on every use. */
export interface OpenSession {
  keyId: string;
  workspace: WorkspaceRef;
}

interface StoredSession {
  prefix: string;
  /** SHA-256 of the session id: a copy of this file opens nothing. */
  sha256: string;
  keyId: string;
  keyPrefix: string;
  workspace: WorkspaceRef;
  createdAt: string;
  lastSeenAt: string;
}

interface SessionFile {
  version: 1;
  sessions: StoredSession[];
}

export const SESSION_MARK = 'vxs_';
const SESSION_BODY = /^[A-Za-z0-9_-]{43}$/;
const PREFIX_LENGTH = SESSION_MARK.length + 8;
/** How stale a session's last use may be written before it is written again (one write a minute, not one a request). */
const TOUCH_MS = 60_000;

/**
 * The studio's sign-ins, in `<data>/access/sessions.json` beside the keys, shared by every service
 * on the data folder: signing in exchanges a key for a random session id (the cookie holds that,
 * never the key); only its SHA-256 is kept. A session ends on sign-out, after `idleMs` without use,
 * `maxMs` after it began, or with its key (the caller checks the key on every use).
 */
export class Sessions {
  readonly path: string;
  private readonly locks = new FolderLocks(
    {
      busy: () => 'The sign-ins are being changed. Try again in a moment.',
      missing: () => 'The data folder of the sign-ins is gone.',
    },
    LOCK_WAIT_MS,
  );

  constructor(
    dataDir: string,
    readonly lifetime: SessionLifetime = DEFAULT_SESSION_LIFETIME,
  ) {
    this.path = join(dataDir, 'access', 'sessions.json');
  }

  /** A new session for the key (by id and prefix) and its workspace: the id, returned once. */
  async start(holder: OpenSession & { keyPrefix: string }, at = new Date()): Promise<string> {
    const id = SESSION_MARK + randomBytes(32).toString('base64url');
    await this.change((file) => {
      file.sessions = file.sessions.filter((session) => this.alive(session, at));
      file.sessions.push({
        prefix: id.slice(0, PREFIX_LENGTH),
        sha256: sha256(id),
        keyId: holder.keyId,
        keyPrefix: holder.keyPrefix,
        workspace: holder.workspace,
        createdAt: at.toISOString(),
        lastSeenAt: at.toISOString(),
      });
    });
    return id;
  }

  /** The session's holder while it lasts (its last use noted), else undefined. */
  async use(id: string, at = new Date()): Promise<OpenSession | undefined> {
    if (!id.startsWith(SESSION_MARK) || !SESSION_BODY.test(id.slice(SESSION_MARK.length))) return undefined;
    const hash = sha256(id);
    const found = (await this.read()).sessions.find((session) => session.sha256 === hash);
    if (!found || !this.alive(found, at)) return undefined;
    if (at.getTime() - Date.parse(found.lastSeenAt) >= TOUCH_MS) {
      await this.change((file) => {
        const session = file.sessions.find((stored) => stored.sha256 === hash);
        if (session) session.lastSeenAt = at.toISOString();
      });
    }
    return { keyId: found.keyId, workspace: found.workspace };
  }

  /** Ends the session (signing out); one already gone is no error. */
  async end(id: string): Promise<void> {
    const hash = sha256(id);
    await this.change((file) => {
      file.sessions = file.sessions.filter((session) => session.sha256 !== hash);
    });
  }

  /**
   * Ends the sessions whose id starts with the prefix, or every session of the workspace with
   * that name, or of the key with that prefix; NotFound when none matches.
   */
  async endMatching(wanted: string, at = new Date()): Promise<SessionListing[]> {
    const text = wanted.trim();
    return this.change((file) => {
      const matches = (session: StoredSession): boolean =>
        session.workspace.name.toLowerCase() === text.toLowerCase() ||
        (text.length >= PREFIX_LENGTH && (text.startsWith(session.prefix) || text.startsWith(session.keyPrefix)));
      const ended = file.sessions.filter(matches);
      if (ended.length === 0) {
        throw new NotFound(
          `No session starts with ${quoteInput(text)}, and no workspace or key of that name has one: npm run keys -- sessions lists them.`,
        );
      }
      file.sessions = file.sessions.filter((session) => !matches(session));
      return ended.filter((session) => this.alive(session, at)).map((session) => this.listingOf(session));
    });
  }

  /** The sessions that last now, oldest first. */
  async list(at = new Date()): Promise<SessionListing[]> {
    const { sessions } = await this.read();
    return sessions.filter((session) => this.alive(session, at)).map((session) => this.listingOf(session));
  }

  private alive(session: StoredSession, at: Date): boolean {
    return at.getTime() < Date.parse(this.listingOf(session).expiresAt);
  }

  private listingOf(session: StoredSession): SessionListing {
    const idleEnd = Date.parse(session.lastSeenAt) + this.lifetime.idleMs;
    const lastEnd = Date.parse(session.createdAt) + this.lifetime.maxMs;
    const { prefix, workspace, keyPrefix, createdAt, lastSeenAt } = session;
    return {
      prefix,
      workspace,
      keyPrefix,
      createdAt,
      lastSeenAt,
      expiresAt: new Date(Math.min(idleEnd, lastEnd)).toISOString(),
    };
  }

  private read(): Promise<SessionFile> {
    return readJsonFile<SessionFile>(this.path, { version: 1, sessions: [] }, 1);
  }

  private async change<T>(edit: (file: SessionFile) => T): Promise<T> {
    const folder = join(this.path, '..');
    await mkdir(folder, { recursive: true, mode: 0o700 });
    return this.locks.exclusive('sessions', folder, async () => {
      const file = await this.read();
      const result = edit(file);
      await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`);
      return result;
    });
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
