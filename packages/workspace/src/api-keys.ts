import { createHash, randomBytes } from 'node:crypto';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BadInput, NotFound, quoteInput } from '@voxlate/core';
import { FolderLocks, LOCK_WAIT_MS, readJsonFile, writeFileAtomic } from '@voxlate/disk';
import { DEFAULT_PLAN, PLANS, type PlanName } from './plans/plans.js';

/** A workspace: who owns jobs, glossaries, memory, voices and live sessions once keys are in use. */
export interface WorkspaceRef {
  /** Stable, and the name of its data folder (see workspaceDataDir). */
  id: string;
  name: string;
}

/**
 * What a key may do, each including the one before: `read` (list, play, download), `dub` (create,
 * edit, re-dub, cancel, and the workspace's glossaries, memory and voices) and `admin` (the
 * workspace's keys and plan).
 */
export type KeyScope = 'read' | 'dub' | 'admin';
export const KEY_SCOPES: readonly KeyScope[] = ['read', 'dub', 'admin'];

/** Whether a key of scope `held` may do what needs `needed`. */
export function scopeAllows(held: KeyScope, needed: KeyScope): boolean {
  return KEY_SCOPES.indexOf(held) >= KEY_SCOPES.indexOf(needed);
}

/** A key as `npm run keys -- list` shows it: never the key itself, which is not kept. */
export interface KeyListing {
  workspace: WorkspaceRef;
  /** The key's first characters, enough to tell it apart and to revoke it by. */
  prefix: string;
  scope: KeyScope;
  createdAt: string;
  expiresAt?: string;
  revokedAt?: string;
  /** When a request last came with it (to the minute), if ever. */
  lastUsedAt?: string;
}

/** What a presented key is worth: the workspace and scope it opens, or why it opens nothing. */
export type KeyCheck =
  | { valid: true; id: string; prefix: string; workspace: WorkspaceRef; scope: KeyScope; expiresAt?: string }
  | { valid: false; why: 'unknown' | 'revoked' }
  | { valid: false; why: 'expired'; expiredAt: string };

interface StoredKey {
  prefix: string;
  /** SHA-256 of the whole key, hex. A key is 256 random bits, so a fast hash is enough (no guessing). */
  sha256: string;
  workspace: string;
  /** Absent on keys made before scopes: they could do everything, so they stay `admin`. */
  scope?: KeyScope;
  createdAt: string;
  expiresAt?: string;
  revokedAt?: string;
}

/** When each key was last used (by its SHA-256), kept apart so that use does not rewrite the keys. */
type KeyUse = Record<string, string>;

/** How often one key's last use is written down, at most. */
const USE_WRITE_MS = 60_000;

interface StoredWorkspace extends WorkspaceRef {
  createdAt: string;
  /** Absent: the default plan (free). */
  plan?: PlanName;
}

interface KeyFile {
  version: 1;
  workspaces: StoredWorkspace[];
  keys: StoredKey[];
}

/** What every key starts with: a secret scanner (or a person) can tell a Voxlate key at a glance. */
export const KEY_MARK = 'vxk_';
const KEY_BODY = /^[A-Za-z0-9_-]{43}$/;
/** The prefix shown and revoked by: the mark and 8 characters of the key. */
const PREFIX_LENGTH = KEY_MARK.length + 8;
const WORKSPACE_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,59}$/u;
const EMPTY: KeyFile = { version: 1, workspaces: [], keys: [] };

/**
 * The installation's API keys and the workspaces they open, in `<data>/access/api-keys.json`:
 * the file every service and worker sharing the data folder reads. Only each key's SHA-256 is
 * kept. A service re-reads the file when it changes (checked at most every `refreshMs`), so a key
 * revoked by `npm run keys` is refused by every instance within seconds.
 */
export class ApiKeys {
  readonly path: string;
  private readonly locks = new FolderLocks(
    {
      busy: () => 'The API keys are being changed. Try again in a moment.',
      missing: () => 'The data folder of the API keys is gone.',
    },
    LOCK_WAIT_MS,
  );
  private cached: { file: KeyFile; byHash: Map<string, StoredKey>; version: string } | undefined;
  private checkedAt = 0;
  private readonly usePath: string;
  /** When this process last wrote each key's use down. */
  private readonly useWritten = new Map<string, number>();

  constructor(
    dataDir: string,
    private readonly refreshMs = 1000,
  ) {
    this.path = join(dataDir, 'access', 'api-keys.json');
    this.usePath = join(dataDir, 'access', 'key-use.json');
  }

  /**
   * A new key for the workspace named (made when new): the key is returned once and never kept.
   * A workspace may hold several keys (one per teammate or machine, or one to rotate to).
   */
  async add(
    name: string,
    { scope = 'dub', expiresAt }: { scope?: KeyScope; expiresAt?: Date } = {},
    at = new Date(),
  ): Promise<{ key: string; prefix: string; workspace: WorkspaceRef; scope: KeyScope }> {
    const wanted = requireWorkspaceName(name);
    if (!KEY_SCOPES.includes(scope)) {
      throw new BadInput(`A key's scope is read, dub or admin; got ${quoteInput(String(scope))}.`);
    }
    if (expiresAt !== undefined && !(expiresAt.getTime() > at.getTime())) {
      throw new BadInput('A key must expire after it is made.');
    }
    return this.change((file) => {
      let workspace = workspaceNamedIn(file, wanted);
      if (!workspace) {
        workspace = { id: randomBytes(8).toString('hex'), name: wanted, createdAt: at.toISOString() };
        file.workspaces.push(workspace);
      }
      requireFreeSeat(file, workspace, at);
      const key = KEY_MARK + randomBytes(32).toString('base64url');
      const prefix = key.slice(0, PREFIX_LENGTH);
      file.keys.push({
        prefix,
        sha256: sha256(key),
        workspace: workspace.id,
        scope,
        createdAt: at.toISOString(),
        ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
      });
      return { key, prefix, workspace: { id: workspace.id, name: workspace.name }, scope };
    });
  }

  /** Puts the workspace of that name on a plan (its seats must hold the keys it has). */
  async setPlan(name: string, plan: PlanName, at = new Date()): Promise<WorkspaceRef> {
    return this.change((file) => {
      const workspace = workspaceNamedIn(file, name.trim());
      if (!workspace)
        throw new NotFound(`No workspace is named ${quoteInput(name.trim())}: npm run keys -- list shows them.`);
      const seats = PLANS[plan].seats;
      const held = activeKeysOf(file, workspace.id, at).length;
      if (seats !== undefined && held > seats) {
        throw new BadInput(
          `The ${plan} plan has ${seats} seat${seats === 1 ? '' : 's'}, and "${workspace.name}" holds ${held} keys: revoke ${held - seats} first (npm run keys -- revoke PREFIX).`,
        );
      }
      workspace.plan = plan;
      return { id: workspace.id, name: workspace.name };
    });
  }

  /** The plan a workspace is on, and the seats (keys in use) it holds. */
  async planOf(workspaceId: string, at = new Date()): Promise<{ plan: PlanName; seatsUsed: number }> {
    const { file } = await this.current();
    const workspace = file.workspaces.find((known) => known.id === workspaceId);
    return { plan: workspace?.plan ?? DEFAULT_PLAN, seatsUsed: activeKeysOf(file, workspaceId, at).length };
  }

  /** The workspace of that name (any case), or undefined. */
  async workspaceNamed(name: string): Promise<WorkspaceRef | undefined> {
    const found = workspaceNamedIn((await this.current(true)).file, name.trim());
    return found ? { id: found.id, name: found.name } : undefined;
  }

  /** Every key ever made, revoked ones too (they stay listed: when and which). */
  async list(): Promise<KeyListing[]> {
    const { file } = await this.current(true);
    const use = await readJsonFile<KeyUse>(this.usePath, {});
    return file.keys.map((key) => listingOf(file, key, use[key.sha256]));
  }

  /**
   * Revokes the key with this prefix, or every key of the workspace with this name; NotFound when
   * neither matches. A workspace's jobs and data stay: a new key for the same name opens them again.
   */
  async revoke(nameOrPrefix: string, at = new Date()): Promise<KeyListing[]> {
    const wanted = nameOrPrefix.trim();
    return this.change((file) => {
      const byName = workspaceNamedIn(file, wanted);
      const chosen = byName
        ? file.keys.filter((key) => key.workspace === byName.id)
        : wanted.startsWith(KEY_MARK) && wanted.length >= PREFIX_LENGTH
          ? file.keys.filter((key) => wanted.startsWith(key.prefix) || key.prefix.startsWith(wanted))
          : [];
      if (chosen.length === 0) {
        throw new NotFound(
          `No workspace is named ${quoteInput(wanted)} and no key starts with it: npm run keys -- list shows them.`,
        );
      }
      for (const key of chosen) key.revokedAt ??= at.toISOString();
      return chosen.map((key) => listingOf(file, key, undefined));
    });
  }

  /**
   * Whether the service asks for keys: once any key was made. Revoking every key does not open
   * the service again (that would hand everyone the data the keys guarded); removing the file does.
   */
  async required(): Promise<boolean> {
    return (await this.current()).file.keys.length > 0;
  }

  /** The workspace a key opens, or undefined for a key that is unknown, malformed, revoked or expired. */
  async workspaceOf(key: string): Promise<WorkspaceRef | undefined> {
    const checked = await this.check(key);
    return checked.valid ? checked.workspace : undefined;
  }

  /** What a presented key opens now, or why it opens nothing (said to its holder). */
  async check(key: string, now = new Date()): Promise<KeyCheck> {
    if (!key.startsWith(KEY_MARK) || !KEY_BODY.test(key.slice(KEY_MARK.length)))
      return { valid: false, why: 'unknown' };
    return this.checkId(sha256(key), now);
  }

  /** The same, by the key's id (its SHA-256: what a session remembers of the key it was opened with). */
  async checkId(id: string, now = new Date()): Promise<KeyCheck> {
    const { file, byHash } = await this.current();
    const stored = byHash.get(id);
    if (!stored) return { valid: false, why: 'unknown' };
    if (stored.revokedAt !== undefined) return { valid: false, why: 'revoked' };
    if (stored.expiresAt !== undefined && Date.parse(stored.expiresAt) <= now.getTime()) {
      return { valid: false, why: 'expired', expiredAt: stored.expiresAt };
    }
    return {
      valid: true,
      id,
      prefix: stored.prefix,
      workspace: workspaceRef(file, stored.workspace),
      scope: stored.scope ?? 'admin',
      ...(stored.expiresAt ? { expiresAt: stored.expiresAt } : {}),
    };
  }

  /**
   * Notes that a key was used now: written at most once a minute a key by each process, in a file
   * of its own, so that a busy key neither rewrites the keys nor makes every service re-read them.
   */
  async noteUse(id: string, now = new Date()): Promise<void> {
    const last = this.useWritten.get(id);
    if (last !== undefined && now.getTime() - last < USE_WRITE_MS) return;
    this.useWritten.set(id, now.getTime());
    const folder = join(this.usePath, '..');
    await this.locks.exclusive('key-use', folder, async () => {
      const use = await readJsonFile<KeyUse>(this.usePath, {});
      use[id] = now.toISOString();
      await writeFileAtomic(this.usePath, `${JSON.stringify(use, null, 2)}\n`);
    });
  }

  /** The file as it is now, re-read when it changed since (looked at every refreshMs at most). */
  private async current(fresh = false): Promise<{ file: KeyFile; byHash: Map<string, StoredKey> }> {
    if (this.cached && !fresh && Date.now() - this.checkedAt < this.refreshMs) return this.cached;
    this.checkedAt = Date.now();
    const version = await stat(this.path).then(
      (info) => `${info.mtimeMs}:${info.size}:${info.ino}`,
      () => 'none',
    );
    if (this.cached?.version === version) return this.cached;
    const file = await this.read();
    this.cached = { file, byHash: new Map(file.keys.map((key) => [key.sha256, key])), version };
    return this.cached;
  }

  private read(): Promise<KeyFile> {
    return readJsonFile<KeyFile>(this.path, structuredClone(EMPTY), 1);
  }

  private async change<T>(edit: (file: KeyFile) => T): Promise<T> {
    const folder = join(this.path, '..');
    await mkdir(folder, { recursive: true, mode: 0o700 });
    return this.locks.exclusive('api-keys', folder, async () => {
      const file = await this.read();
      const result = edit(file);
      await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`);
      this.cached = undefined;
      return result;
    });
  }
}

/** The keys of a workspace that open it now: its seats in use. */
function activeKeysOf(file: KeyFile, workspace: string, at: Date): StoredKey[] {
  return file.keys.filter(
    (key) =>
      key.workspace === workspace &&
      key.revokedAt === undefined &&
      (key.expiresAt === undefined || Date.parse(key.expiresAt) > at.getTime()),
  );
}

/** A workspace's keys are its seats: one more than its plan has is refused, saying what to do. */
function requireFreeSeat(file: KeyFile, workspace: StoredWorkspace, at: Date): void {
  const plan = workspace.plan ?? DEFAULT_PLAN;
  const seats = PLANS[plan].seats;
  const held = activeKeysOf(file, workspace.id, at);
  if (seats === undefined || held.length < seats) return;
  throw new BadInput(
    `"${workspace.name}" is on the ${plan} plan, whose ${seats} seat${seats === 1 ? ' is' : 's are'} held by ` +
      `${held.map((key) => `${key.prefix}…`).join(', ')}. Revoke one (npm run keys -- revoke PREFIX) or move it ` +
      `to a plan with more seats (npm run keys -- plan ${JSON.stringify(workspace.name)} professional).`,
  );
}

function sha256(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Names are unique in any case ("Team" and "team" are one workspace). */
function workspaceNamedIn(file: KeyFile, name: string): StoredWorkspace | undefined {
  return file.workspaces.find((workspace) => workspace.name.toLowerCase() === name.toLowerCase());
}

function listingOf(file: KeyFile, key: StoredKey, lastUsedAt: string | undefined): KeyListing {
  return {
    workspace: workspaceRef(file, key.workspace),
    prefix: key.prefix,
    scope: key.scope ?? 'admin',
    createdAt: key.createdAt,
    ...(key.expiresAt ? { expiresAt: key.expiresAt } : {}),
    ...(key.revokedAt ? { revokedAt: key.revokedAt } : {}),
    ...(lastUsedAt ? { lastUsedAt } : {}),
  };
}

function workspaceRef(file: KeyFile, id: string): WorkspaceRef {
  const workspace = file.workspaces.find((known) => known.id === id);
  return { id, name: workspace?.name ?? id };
}

function requireWorkspaceName(name: string): string {
  const trimmed = name.trim();
  if (!WORKSPACE_NAME.test(trimmed)) {
    throw new BadInput(
      `A workspace name is 1 to 60 letters, digits, spaces, '.', '_' or '-', starting with a letter or digit; got ${quoteInput(trimmed)}.`,
    );
  }
  return trimmed;
}
