import { afterEach, describe, expect, it } from 'vitest';
import { ApertiumServer } from './apertium-server.js';
import { ApertiumTranslator } from './apertium-translator.js';
import { SharedApertiumServer } from './shared-apertium-server.js';

const pair = { source: 'eng', target: 'spa' } as const;
/** The server another process runs (here, one of the test's own). */
let other: ApertiumServer | undefined;
let own: ApertiumServer | undefined;
afterEach(async () => {
  await other?.stop();
  await own?.stop();
  other = own = undefined;
});

async function sharedSetUp(callTimeoutMs?: number): Promise<{ translator: ApertiumTranslator; url: string }> {
  other = new ApertiumServer();
  own = new ApertiumServer();
  const url = await other.baseUrl();
  const translator = await ApertiumTranslator.create(new SharedApertiumServer(url, own), callTimeoutMs);
  return { translator, url };
}

describe('a shared Apertium server (VOXLATE_APERTIUM_URL)', () => {
  it('is used while it answers: no server of this process starts, and stopping leaves it running', async () => {
    const { translator, url } = await sharedSetUp();
    expect((await translator.translate({ text: 'Good morning' }, pair, {})).text).toMatch(/Buenos días/i);
    expect(own!.pid()).toBeUndefined();
    await translator.close();
    expect((await fetch(`${url}/listPairs`)).ok).toBe(true);
  });

  it('gives way to a server of this process when it does not answer at first use', async () => {
    own = new ApertiumServer();
    const translator = await ApertiumTranslator.create(new SharedApertiumServer('http://127.0.0.1:9', own));
    expect((await translator.translate({ text: 'Good morning' }, pair, {})).text).toMatch(/Buenos días/i);
    expect(own.pid()).toBeDefined();
  });

  it('gives way for good when it goes away between two lines', async () => {
    const { translator } = await sharedSetUp();
    expect((await translator.translate({ text: 'Good morning' }, pair, {})).text).toMatch(/Buenos días/i);
    await other!.stop();
    expect((await translator.translate({ text: 'Good night' }, pair, {})).text).toMatch(/noche/i);
    expect(own!.pid()).toBeDefined();
  });

  it('gives way when it stops answering in time (SIGSTOP), and the line goes through', async () => {
    const { translator } = await sharedSetUp(3000);
    expect((await translator.translate({ text: 'Good morning' }, pair, {})).text).toMatch(/Buenos días/i);
    const stopped = other!.pid()!;
    process.kill(-stopped, 'SIGSTOP');
    try {
      expect((await translator.translate({ text: 'Good night' }, pair, {})).text).toMatch(/noche/i);
      expect(own!.pid()).toBeDefined();
    } finally {
      process.kill(-stopped, 'SIGCONT');
    }
  }, 30_000);
});
