import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync } from 'node:fs';

/** util-linux's setpriv (Debian's essential util-linux package) sets the parent-death signal. */
const SETPRIV = '/usr/bin/setpriv';
const canTie = existsSync(SETPRIV);

/**
 * Starts a program that the kernel kills when this process dies, however it dies: through
 * `setpriv --pdeathsig KILL`, which sets PR_SET_PDEATHSIG and then becomes the program (same
 * pid, so signals and exit codes are the program's own). Without it an ffmpeg or a
 * pocketsphinx of a service killed with -9 runs on to the end of its input with nobody to read
 * its output. Node spawns from its main thread, whose end is the process's end, so the signal
 * comes exactly when the service dies.
 */
export function spawnTied(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  if (!canTie) return spawn(command, args, options);
  return spawn(SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args], options);
}
