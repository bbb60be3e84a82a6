import { readFileSync } from 'node:fs';

/**
 * A process named by its pid and its start time (clock ticks after boot, from /proc): a pid is
 * reused once its process has gone, the pair is not.
 */
export interface ProcessIdentity {
  pid: number;
  startTicks: number;
}

/** The start time of a process, or undefined when it no longer runs (or has ended and waits as a zombie). */
export function startTicksOf(pid: number): number | undefined {
  try {
    // The command name (field 2) may hold spaces and parentheses: fields are read after its ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return undefined;
    return Number(fields[19]);
  } catch {
    return undefined;
  }
}

let own: ProcessIdentity | undefined;

/** This process. */
export function ownIdentity(): ProcessIdentity {
  own ??= { pid: process.pid, startTicks: startTicksOf(process.pid) ?? 0 };
  return own;
}

/** Whether the process that owned something still runs. */
export function isRunning(identity: ProcessIdentity): boolean {
  return startTicksOf(identity.pid) === identity.startTicks;
}
