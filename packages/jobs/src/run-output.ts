import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { syncFolder } from '@voxlate/disk';

/**
 * The dubbed file of each run of a job, in its result folder: `dubbed-r<revision>-run<token>`.
 * Each run dubs into a name of its own, so a run that lost its job (see RunFence) cannot write
 * over the result the run that owns it published.
 */
const OUTPUT_NAME = /^dubbed-r(\d+)(?:-run(\d+))?\.(wav|mp4)$/;

export function runOutputPath(resultFolder: string, revision: number, token: number, container: string): string {
  return join(resultFolder, `dubbed-r${revision}-run${token}.${container}`);
}

/**
 * The dubbed file an earlier run of the same revision made and never published (its process was
 * killed between dubbing and publishing), copied to this run's name: a run that goes on from the
 * saved stages of that one does not dub again, and finds the file under its own name. Copied,
 * not linked or moved, so that an earlier run still writing (stalled, not dead) writes into a
 * file that is not this run's. Earlier versions named the file without the run.
 */
export async function carryOverUnpublished(output: string): Promise<void> {
  const folder = dirname(output);
  const own = OUTPUT_NAME.exec(basename(output));
  if (!own) return;
  const [, revision, token] = own;
  const names = await readdir(folder).catch(() => [] as string[]);
  if (names.includes(basename(output))) return;
  // The newest earlier run of this revision and container (a name without a run: token 0).
  const earlier = names
    .flatMap((name) => {
      const match = OUTPUT_NAME.exec(name);
      if (!match || match[1] !== revision || match[3] !== own[3]) return [];
      const runToken = Number(match[2] ?? 0);
      return runToken < Number(token) ? [{ name, runToken }] : [];
    })
    .sort((a, b) => b.runToken - a.runToken)[0];
  if (!earlier) return;
  await mkdir(folder, { recursive: true });
  // A copy-on-write clone where the file system has them; a plain copy elsewhere.
  await copyFile(join(folder, earlier.name), output, constants.COPYFILE_FICLONE);
  await syncFolder(folder);
}

/**
 * The dubbed files of other runs beside the one just published: a run killed before it published
 * leaves its file; a run that lost its job removes its own when its publishing is refused.
 */
export async function removeOtherOutputs(output: string): Promise<void> {
  const folder = dirname(output);
  for (const name of await readdir(folder)) {
    if (OUTPUT_NAME.test(name) && name !== basename(output)) await rm(join(folder, name), { force: true });
  }
}
