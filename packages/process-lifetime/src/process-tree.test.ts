import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { descendantsOf, pssOf, rssOf, treePss } from './process-tree.js';

describe('proportional set size', () => {
  it('counts a process, then its children too, and nothing for one that is gone', async () => {
    const own = pssOf(process.pid);
    expect(own).toBeGreaterThan(10e6);
    // A process's PSS is at most its RSS (shared pages count by their share).
    expect(own).toBeLessThanOrEqual(rssOf(process.pid) * 1.05);
    // A small, quiet tree (a shell and its sleep), so the sums are not moved by a busy heap.
    const shell = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore', detached: true });
    try {
      await new Promise((resolve) => shell.once('spawn', resolve));
      for (let i = 0; i < 100 && descendantsOf(shell.pid!).length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const [sleeper] = descendantsOf(shell.pid!);
      expect(sleeper).toBeDefined();
      expect(pssOf(sleeper!)).toBeGreaterThan(0);
      // Both, within a tenth: a shared library's share moves as other processes start and end.
      const both = pssOf(shell.pid!) + pssOf(sleeper!);
      const tree = treePss(shell.pid!);
      expect(tree).toBeGreaterThan(both * 0.9);
      expect(tree).toBeLessThan(both * 1.1);
      expect(tree).toBeGreaterThan(pssOf(shell.pid!) * 1.2);
    } finally {
      process.kill(-shell.pid!, 'SIGKILL');
      await new Promise((resolve) => shell.once('exit', resolve));
    }
    expect(pssOf(shell.pid!)).toBe(0);
  });
});
