import { readFileSync } from 'node:fs';

/**
 * The fields of /proc/<pid>/stat from the state on (field 3 is index 0), or undefined once the
 * process is gone. The command name (field 2) may hold spaces and parentheses, so fields are
 * read after its last ')'.
 */
export function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}
