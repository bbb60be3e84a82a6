import { statFields } from './proc-stat.js';

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
  const fields = statFields(pid);
  // Field 22, the start time; a zombie has ended and only waits to be reaped.
  return fields === undefined || fields[0] === 'Z' ? undefined : Number(fields[19]);
}

let own: ProcessIdentity | undefined;

/** This process. */
export function ownIdentity(): ProcessIdentity {
  own ??= { pid: process.pid, startTicks: startTicksOf(process.pid) ?? 0 };
  return own;
}

/** `p<pid>s<start ticks>`: a process written into a file or folder name, read back to tell whether it still runs. */
export function ownerTag(identity: ProcessIdentity = ownIdentity()): string {
  return `p${identity.pid}s${identity.startTicks}`;
}

/** Whether the process that owned something still runs. */
export function isRunning(identity: ProcessIdentity): boolean {
  return startTicksOf(identity.pid) === identity.startTicks;
}
