import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The run's own cache folder (VOXLATE_CACHE_DIR, inherited by every process the tests start):
 * what one process measures and keeps there (each voice's natural pitch) the next one of the run
 * reads instead of measuring again, and nothing is written to the user's ~/.cache. Made inside
 * the run's temp folder and removed at the end.
 */
export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'voxlate-test-cache-'));
  process.env['VOXLATE_CACHE_DIR'] = folder;
  return () => {
    delete process.env['VOXLATE_CACHE_DIR'];
    rmSync(folder, { recursive: true, force: true });
  };
}
