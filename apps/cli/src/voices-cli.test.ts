import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { MBROLA_PACKAGES, MbrolaSynthesiser } from '@voxlate/engines';
import { missingDebianPackages } from './debian-packages.js';

const ROOT = join(import.meta.dirname, '../../..');
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'voxlate-voices-cli-'));
const mbrolaReady = (await MbrolaSynthesiser.isInstalled()) && missingDebianPackages(MBROLA_PACKAGES).length === 0;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function voices(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', ['apps/cli/dist/voices-main.js', ...args], {
      cwd: ROOT,
      env: { ...process.env, VOXLATE_DATA_DIR: dir, VOXLATE_OPT_IN_VOICES: '' },
      encoding: 'utf8',
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const optInFile = join(dir, 'voices.json');

describe('npm run voices', () => {
  it('lists who speaks each language, with no MBROLA voice before the opt-in', async () => {
    const { code, stdout } = await voices('list');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^eng English: /m);
    expect(stdout).toMatch(/^ell Greek: eSpeak NG.*\(robotic\)$/m);
    expect(stdout).not.toMatch(/MBROLA|NON-COMMERCIAL/);
    expect(stdout).toContain('Opted in: nothing');
  });

  it('refuses a pack that does not exist, and a command it does not know, changing nothing', async () => {
    const unknown = await voices('add', 'cepstral');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('There is no voice pack "cepstral"');
    const usage = await voices('install');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run voices');
    expect(() => readFileSync(optInFile)).toThrow();
  });

  it('takes an opt-in back, keeping a damaged opt-in file from opting in to anything', async () => {
    writeFileSync(optInFile, '{"optedIn": ["mbrola", "nonsense"]}');
    const removed = await voices('remove', 'mbrola');
    expect(removed.code).toBe(0);
    expect(JSON.parse(readFileSync(optInFile, 'utf8'))).toEqual({ optedIn: [] });
    writeFileSync(optInFile, 'not json');
    expect((await voices('list')).stdout).toContain('Opted in: nothing');
  });

  it.skipIf(!mbrolaReady)('opts in to MBROLA: its men speak French and Greek, marked non-commercial', async () => {
    const added = await voices('add', 'mbrola');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('non-commercial use only');
    expect(JSON.parse(readFileSync(optInFile, 'utf8'))).toEqual({ optedIn: ['mbrola'] });
    const { stdout } = await voices('list');
    expect(stdout).toMatch(/^ell Greek: MBROLA$/m);
    expect(stdout).toMatch(/mbrola:fr1 +MBROLA FR1 \(male; .*NON-COMMERCIAL USE ONLY\)/);
    expect(stdout).toContain('Opted in: mbrola');
  });
});
