import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** Which process runs a job: enough to tell, on the same machine, whether it is still alive. */
export interface RunnerIdentity {
  host: string;
  pid: number;
  /** The kernel's id of this boot: a runner of an earlier boot is dead whatever its pid. */
  bootId: string;
  /** The process's start time in clock ticks since boot: a pid reused by another process differs. */
  startTicks: number;
}

let own: RunnerIdentity | undefined;

/** This process as a job's runner. */
export function thisRunner(): RunnerIdentity {
  own ??= { host: hostname(), pid: process.pid, bootId: bootId(), startTicks: startTicksOf(process.pid) ?? 0 };
  return own;
}

/**
 * Whether the runner is surely gone: on this machine, an earlier boot, or no process by its pid
 * started when it did. A runner on another machine cannot be seen from here: never called dead.
 */
export function runnerIsDead(runner: RunnerIdentity | undefined): boolean {
  if (!runner) return false;
  const me = thisRunner();
  if (runner.host !== me.host) return false;
  if (runner.bootId !== me.bootId) return true;
  const started = startTicksOf(runner.pid);
  return started === undefined || started !== runner.startTicks;
}

function bootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return 'unknown';
  }
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
function startTicksOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}
