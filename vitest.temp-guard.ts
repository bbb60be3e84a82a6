import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Tests must leave nothing in the system temp folder. The whole run gets a temp folder of its
 * own (TMPDIR, which os.tmpdir(), the services the tests start, ffmpeg and Chromium all follow);
 * whatever a test leaves in it fails the run by name, and the folder itself is removed, so a
 * failing test cannot litter the machine either.
 */
export default function setup(): () => void {
  // `npm test` runs Vitest itself in a folder of its own and says where the system's is.
  const systemTemp = process.env['VOXLATE_SYSTEM_TMPDIR'] || tmpdir();
  const runRoot = mkdtempSync(join(systemTemp, 'voxlate-test-run-'));
  const previous = process.env['TMPDIR'];
  process.env['TMPDIR'] = runRoot;
  return () => {
    const left = readdirSync(runRoot);
    rmSync(runRoot, { recursive: true, force: true });
    if (previous === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = previous;
    if (left.length > 0) {
      // A throw here is only printed by Vitest; the exit code is what CI reads.
      console.error(`Tests left ${left.length} entries in the temp folder: ${left.join(', ')}`);
      process.exitCode = 1;
    }
  };
}
