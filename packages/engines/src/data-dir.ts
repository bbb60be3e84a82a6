import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the installation keeps what lasts: `$VOXLATE_DATA_DIR`, else `$XDG_DATA_HOME/voxlate`, else `~/.local/share/voxlate`. */
export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env['VOXLATE_DATA_DIR'] || join(env['XDG_DATA_HOME'] || join(homedir(), '.local', 'share'), 'voxlate');
}
