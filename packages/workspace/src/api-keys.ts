import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BadInput, NotFound, quoteInput } from '@voxlate/core';
import { FolderLocks, LOCK_WAIT_MS, writeFileAtomic } from '@voxlate/disk';

/** A workspace: who owns jobs, glossaries, memory, voices and live sessions once keys are in use. */
export interface WorkspaceRef {
  /** Stable, and the name of its data folder (see workspaceDataDir). */
  id: string;
  name: string;
}

/** A key as `npm run keys -- list` shows it: never the key itself, which is not kept. */
export interface KeyListing {
  workspace: WorkspaceRef;
  /** The key's first characters, enough to tell it apart and to revoke it by. */
  prefix: string;
  createdAt: string;
  revokedAt?: string;
}

interface StoredKey {
  prefix: string;
  /** SHA-256 of the whole key, hex. A key is 256 random bits, so a fast hash is enough (no guessing). */
  sha256: string;
  workspace: string;
  createdAt: string;
  revokedAt?: string;
}

interface StoredWorkspace extends WorkspaceRef {
  createdAt: string;
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

  constructor(
    dataDir: string,
    private readonly refreshMs = 1000,
  ) {
    this.path = join(dataDir, 'access', 'api-keys.json');
  }

  /**
   * A new key for the workspace named (made when new): the key is returned once and never kept.
   * A workspace may hold several keys (one per teammate or machine, or one to rotate to).
   */
  async add(name: string, at = new Date()): Promise<{ key: string; prefix: string; workspace: WorkspaceRef }> {
    const wanted = requireWorkspaceName(name);
    return this.change((file) => {
      let workspace = workspaceNamedIn(file, wanted);
      if (!workspace) {
        workspace = { id: randomBytes(8).toString('hex'), name: wanted, createdAt: at.toISOString() };
        file.workspaces.push(workspace);
      }
      const key = KEY_MARK + randomBytes(32).toString('base64url');
      const prefix = key.slice(0, PREFIX_LENGTH);
      file.keys.push({ prefix, sha256: sha256(key), workspace: workspace.id, createdAt: at.toISOString() });
      return { key, prefix, workspace: { id: workspace.id, name: workspace.name } };
    });
  }

  /** The workspace of that name (any case), or undefined. */
  async workspaceNamed(name: string): Promise<WorkspaceRef | undefined> {
    const found = workspaceNamedIn((await this.current(true)).file, name.trim());
    return found ? { id: found.id, name: found.name } : undefined;
  }

  /** Every key ever made, revoked ones too (they stay listed: when and which). */
  async list(): Promise<KeyListing[]> {
    const { file } = await this.current(true);
    return file.keys.map((key) => listingOf(file, key));
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
      return chosen.map((key) => listingOf(file, key));
    });
  }

  /**
   * Whether the service asks for keys: once any key was made. Revoking every key does not open
   * the service again (that would hand everyone the data the keys guarded); removing the file does.
   */
  async required(): Promise<boolean> {
    return (await this.current()).file.keys.length > 0;
  }

  /** The workspace a key opens, or undefined for a key that is unknown, malformed or revoked. */
  async workspaceOf(key: string): Promise<WorkspaceRef | undefined> {
    if (!key.startsWith(KEY_MARK) || !KEY_BODY.test(key.slice(KEY_MARK.length))) return undefined;
    const { file, byHash } = await this.current();
    const stored = byHash.get(sha256(key));
    if (!stored || stored.revokedAt !== undefined) return undefined;
    return workspaceRef(file, stored.workspace);
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

  private async read(): Promise<KeyFile> {
    const text = await readFile(this.path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (text === undefined) return structuredClone(EMPTY);
    const file = JSON.parse(text) as KeyFile;
    if (file.version !== 1) throw new Error(`${this.path} is of a newer Voxlate (version ${String(file.version)}).`);
    return file;
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

function sha256(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Names are unique in any case ("Team" and "team" are one workspace). */
function workspaceNamedIn(file: KeyFile, name: string): StoredWorkspace | undefined {
  return file.workspaces.find((workspace) => workspace.name.toLowerCase() === name.toLowerCase());
}

function listingOf(file: KeyFile, key: StoredKey): KeyListing {
  return {
    workspace: workspaceRef(file, key.workspace),
    prefix: key.prefix,
    createdAt: key.createdAt,
    ...(key.revokedAt ? { revokedAt: key.revokedAt } : {}),
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
