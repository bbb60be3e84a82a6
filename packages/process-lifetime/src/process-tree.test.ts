import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pssOf, rssOf, treePss } from './process-tree.js';

describe('proportional set size', () => {
  it('counts a process, then its children too, and nothing for one that is gone', async () => {
    const own = pssOf(process.pid);
    expect(own).toBeGreaterThan(10e6);
    // A process's PSS is at most its RSS (shared pages count by their share).
    expect(own).toBeLessThanOrEqual(rssOf(process.pid) * 1.05);
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      const childPss = pssOf(child.pid!);
      expect(childPss).toBeGreaterThan(0);
      expect(treePss(process.pid)).toBeGreaterThanOrEqual(pssOf(process.pid) + childPss * 0.5);
    } finally {
      child.kill();
      await new Promise((resolve) => child.once('exit', resolve));
    }
    expect(pssOf(child.pid!)).toBe(0);
  });
});
