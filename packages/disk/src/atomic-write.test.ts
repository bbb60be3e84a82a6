import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-atomic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const child = fileURLToPath(new URL('../dist/test/write-forever.js', import.meta.url));

/** Starts a process writing `path` over and over, and SIGKILLs it after `ms`. */
async function killMidWrite(path: string, ms: number): Promise<void> {
  const writer = spawn(process.execPath, [child, path], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => writer.stdout.once('data', () => resolve()));
  await new Promise((resolve) => setTimeout(resolve, ms));
  writer.kill('SIGKILL');
  await new Promise((resolve) => writer.once('close', resolve));
}

describe('writeFileAtomic', () => {
  it('leaves a whole old or whole new file when the writer is killed at any moment', async () => {
    const path = join(dir, 'stage.json');
    for (const ms of [30, 75, 120, 170, 230]) {
      await killMidWrite(path, ms);
      const text = readFileSync(path, 'utf8');
      const parsed = JSON.parse(text) as { version: string; filler: string };
      expect(['a', 'b']).toContain(parsed.version);
      expect(parsed.filler).toHaveLength(4_000_000);
    }
    // A killed writer may leave its hidden partial file; never under the real name.
    expect(readdirSync(dir).filter((name) => !name.startsWith('.'))).toEqual(['stage.json']);
  }, 60_000);
});
