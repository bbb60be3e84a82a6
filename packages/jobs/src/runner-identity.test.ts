import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runnerIsDead, thisRunner } from './runner-identity.js';

describe('a job runner’s identity', () => {
  it('calls this process alive, and an ended one dead even if its pid came back as another', () => {
    const me = thisRunner();
    expect(me.pid).toBe(process.pid);
    expect(me.startTicks).toBeGreaterThan(0);
    expect(runnerIsDead(me)).toBe(false);
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    expect(runnerIsDead({ ...me, pid: ended })).toBe(true);
    // This pid, but started at another time: a reused pid, not the runner.
    expect(runnerIsDead({ ...me, startTicks: me.startTicks - 1 })).toBe(true);
  });

  it('calls a runner of an earlier boot dead, and one on another machine never', () => {
    const me = thisRunner();
    expect(runnerIsDead({ ...me, bootId: 'an-earlier-boot' })).toBe(true);
    expect(runnerIsDead({ ...me, host: 'another-machine', pid: 1, startTicks: 0 })).toBe(false);
    expect(runnerIsDead(undefined)).toBe(false);
  });
});
