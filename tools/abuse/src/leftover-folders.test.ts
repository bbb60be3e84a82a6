import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { leftoverFolders } from './leftover-folders.js';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('folders left by the cases', () => {
  it('names the cases in flight when each was made, allowing for a folder made just after its answer', () => {
    root = mkdtempSync(join(tmpdir(), 'voxlate-leftover-test-'));
    const folder = join(root, 'voxlate-request-x');
    mkdirSync(folder);
    const made = statSync(folder).birthtimeMs || statSync(folder).mtimeMs;
    const cases = [
      { id: 'long-before', startedAt: made - 60_000, ms: 100 },
      { id: 'answered-just-before', startedAt: made - 500, ms: 300 },
      { id: 'answered-a-second-before', startedAt: made - 1500, ms: 400 },
      { id: 'running-then', startedAt: made - 5_000, ms: 10_000 },
      { id: 'long-after', startedAt: made + 60_000, ms: 100 },
    ];
    expect(leftoverFolders([folder], cases)).toEqual([
      { name: 'voxlate-request-x', madeDuring: ['answered-just-before', 'running-then'] },
    ]);
  });

  it('says nothing of a folder gone by the time it is looked at', () => {
    expect(leftoverFolders(['/nonexistent/voxlate-request-y'], [{ id: 'a', startedAt: 0, ms: 1 }])).toEqual([
      { name: 'voxlate-request-y', madeDuring: [] },
    ]);
  });
});
