import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { descendantsOf } from '@voxlate/process-lifetime';

/**
 * CPU seconds (user + system) of a process, its running descendants, and its children that have
 * ended (a session's decoder, counted by the kernel in its parent's cutime and cstime), from /proc.
 */
export function cpuSeconds(pid: number): number {
  const ticks = (id: number, withEnded: boolean): number => {
    try {
      const fields = readFileSync(join('/proc', String(id), 'stat'), 'utf8')
        .split(') ')[1]!
        .split(' ');
      // After the command: state is field 0 here, utime 11, stime 12, cutime 13, cstime 14.
      const own = Number(fields[11]) + Number(fields[12]);
      return withEnded ? own + Number(fields[13]) + Number(fields[14]) : own;
    } catch {
      return 0;
    }
  };
  return (ticks(pid, true) + descendantsOf(pid).reduce((sum, id) => sum + ticks(id, false), 0)) / 100;
}
