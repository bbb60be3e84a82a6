import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { descendantsOf, isAlive } from '@voxlate/process-lifetime';
import { ApertiumServer } from './apertium-server.js';
import { ApertiumTranslator } from './apertium-translator.js';
import type { LanguagePair } from '@voxlate/core';

const server = new ApertiumServer();
afterAll(() => server.stop());

describe('ApertiumServer supervision', () => {
  it('listens on loopback only and comes back after it is killed', async () => {
    const url = await server.baseUrl();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const translator = await ApertiumTranslator.create(server);
    const pair = { source: 'eng', target: 'spa' } as const;
    expect((await translator.translate({ text: 'Good morning' }, pair, {})).text).toMatch(/Buenos días/i);
    const firstPid = server.pid();
    process.kill(firstPid!, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = await translator.translate({ text: 'Good night' }, pair, {});
    expect(again.text).toMatch(/noche/i);
    expect(server.pid()).not.toBe(firstPid);
  });

  it('stops its process when asked', async () => {
    await server.baseUrl();
    const pid = server.pid()!;
    await server.stop();
    expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe('ApertiumServer when idle', () => {
  it('stops a server unused past its idle time (never under a request), and starts it again at the next use', async () => {
    const idle = new ApertiumServer(undefined, 1500);
    try {
      // A request that lasts past the idle time keeps the server.
      const slow = await idle.using(async (url) => {
        await new Promise((resolve) => setTimeout(resolve, 2500));
        return (await fetch(`${url}/listPairs`)).status;
      });
      expect(slow).toBe(200);
      const first = idle.pid()!;
      const group = [first, ...descendantsOf(first)];
      expect(await waitUntilGone(group)).toEqual([]);
      expect(idle.pid()).toBeUndefined();
      expect((await idle.pairs()).length).toBeGreaterThan(0);
      expect(idle.pid()).not.toBe(first);
    } finally {
      await idle.stop();
    }
  }, 30_000);
});

describe('ApertiumServer with several pairs', () => {
  it('ends one pair’s pipeline once it has been idle past its time and another pair is used', async () => {
    const server = new ApertiumServer(undefined, Number.POSITIVE_INFINITY, 1000);
    try {
      const translator = await ApertiumTranslator.create(server);
      await translator.translate({ text: 'Good morning' }, { source: 'eng', target: 'spa' }, {});
      const serverPid = server.pid()!;
      const spanish = pipelineOf(serverPid, 'eng-spa');
      expect(spanish.length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      // French goes through Catalan: two other pairs. (Their own pipelines may be ended by now
      // too: under load, starting cat-fra takes longer than the 1 s idle time of eng-cat.)
      await translator.translate({ text: 'Good morning' }, { source: 'eng', target: 'fra' }, {});
      expect(await waitUntilGone(spanish)).toEqual([]);
      // The pair's pipeline was ended, not the server.
      expect(server.pid()).toBe(serverPid);
      // The pair comes back when asked for again.
      const again = await translator.translate({ text: 'Good night' }, { source: 'eng', target: 'spa' }, {});
      expect(again.text).toMatch(/noche/i);
    } finally {
      await server.stop();
    }
  }, 30_000);
});

/** Running processes under the server whose command line names the pair's files (eng-spa...). */
function pipelineOf(serverPid: number, pair: string): number[] {
  return descendantsOf(serverPid).filter((pid) => commandOf(pid).includes(`apertium-${pair}/`) && isAlive(pid));
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

async function waitUntilGone(pids: number[]): Promise<number[]> {
  for (let i = 0; i < 50 && pids.some(isAlive); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return pids.filter(isAlive);
}

describe('ApertiumServer under a stall', () => {
  it('restarts a server that stops answering (SIGSTOP) with its pipelines, and the call goes through', async () => {
    const stalling = new ApertiumServer();
    try {
      const pair = { source: 'eng', target: 'spa' } as const;
      await warmUp(stalling, pair);
      // Long enough for the restarted server's cold pipeline under CI's load (1.5 s was not).
      const translator = await ApertiumTranslator.create(stalling, 5000);
      expect((await translator.translate({ text: 'Good morning' }, pair, {})).text).toMatch(/Buenos días/i);
      const stoppedPid = stalling.pid()!;
      const pipelines = descendantsOf(stoppedPid);
      expect(pipelines.length).toBeGreaterThan(0);
      process.kill(stoppedPid, 'SIGSTOP');
      // Before: the call waited for ever and the job with it.
      const again = await translator.translate({ text: 'Good night' }, pair, {});
      expect(again.text).toMatch(/noche/i);
      expect(stalling.pid()).not.toBe(stoppedPid);
      expect(await waitUntilGone([stoppedPid, ...pipelines])).toEqual([]);
    } finally {
      await stalling.stop();
    }
  }, 30_000);

  it('fails clearly when the restarted server stalls too', async () => {
    const stalling = new ApertiumServer(3000);
    try {
      const pair = { source: 'eng', target: 'spa' } as const;
      await warmUp(stalling, pair);
      const translator = await ApertiumTranslator.create(stalling, 1000);
      // This server and every one started after it is stopped at once.
      process.kill(stalling.pid()!, 'SIGSTOP');
      const freeze = setInterval(() => {
        const pid = stalling.pid();
        if (pid !== undefined && isAlive(pid)) process.kill(pid, 'SIGSTOP');
      }, 20);
      try {
        await expect(translator.translate({ text: 'Good night' }, pair, {})).rejects.toThrow(
          /^Apertium (did not answer within 1 s, even after it was restarted|could not be restarted \(apertium-apy did not start within 3 s\.\)): the translation could not be done\.$/,
        );
      } finally {
        clearInterval(freeze);
      }
    } finally {
      await stalling.stop();
    }
  }, 60_000);
});

/**
 * Starts the server and the pair's pipeline with the default call time: under load (CI), the first
 * call of a cold pipeline can take longer than the short time these tests give the stalled calls.
 */
async function warmUp(server: ApertiumServer, pair: LanguagePair): Promise<void> {
  await (await ApertiumTranslator.create(server)).translate({ text: 'Good evening' }, pair, {});
}
