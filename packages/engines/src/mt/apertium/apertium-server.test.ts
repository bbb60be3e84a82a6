import { afterAll, describe, expect, it } from 'vitest';
import { ApertiumServer } from './apertium-server.js';
import { ApertiumTranslator } from './apertium-translator.js';

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
