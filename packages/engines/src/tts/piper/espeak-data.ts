import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const QUERY_TIMEOUT_MS = 5000;

/**
 * Where eSpeak NG's data (phontab, dictionaries) is on this machine, for Piper's phonemiser.
 * The folder depends on the architecture (Debian puts it under /usr/lib/<triplet>/), so it is
 * asked for, in this order: the VOXLATE_ESPEAK_DATA setting, `espeak-ng --version` ("Data at:"),
 * then the files Debian's espeak-ng-data package installed. Undefined when none has phontab.
 */
export async function findEspeakData(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  // Each source is only asked when the ones before it gave nothing usable.
  const sources: (() => Promise<(string | undefined)[]>)[] = [
    () => Promise.resolve([env['VOXLATE_ESPEAK_DATA']]),
    async () => [espeakDataFromVersion(await output('espeak-ng', ['--version']))],
    async () => espeakDataFromDpkg(await output('dpkg', ['-L', 'espeak-ng-data'])),
  ];
  for (const source of sources)
    for (const candidate of await source()) if (candidate && (await hasPhonemeTable(candidate))) return candidate;
  return undefined;
}

/** `eSpeak NG text-to-speech: 1.51  Data at: /usr/lib/x86_64-linux-gnu/espeak-ng-data` -> the path. */
export function espeakDataFromVersion(stdout: string): string | undefined {
  return /Data at:\s*(\S+)/.exec(stdout)?.[1];
}

/** The package's folders named espeak-ng-data (not its documentation). */
export function espeakDataFromDpkg(stdout: string): string[] {
  return stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('/espeak-ng-data') && !line.startsWith('/usr/share/doc/'));
}

async function output(command: string, args: string[]): Promise<string> {
  try {
    return (await run(command, args, { timeout: QUERY_TIMEOUT_MS, encoding: 'utf8' })).stdout;
  } catch {
    return '';
  }
}

async function hasPhonemeTable(folder: string): Promise<boolean> {
  return access(join(folder, 'phontab')).then(
    () => true,
    () => false,
  );
}
