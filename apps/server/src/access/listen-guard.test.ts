import { describe, expect, it } from 'vitest';
import { isLoopbackHost, listenRefusal } from './listen-guard.js';

describe('the listen guard', () => {
  it('tells loopback from addresses others reach', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST']) {
      expect(isLoopbackHost(host)).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', 'example.com', '128.0.0.1', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });

  it('refuses to open beyond loopback without a key, unless told to run open', () => {
    const exposed = { host: '0.0.0.0', open: false, trustProxy: false as const };
    expect(listenRefusal(exposed, false)).toMatch(/^Refusing to listen on 0.0.0.0 without an API key/);
    expect(listenRefusal(exposed, false)).toContain('npm run keys -- add NAME');
    expect(listenRefusal({ ...exposed, open: true }, false)).toBeUndefined();
    expect(listenRefusal(exposed, true)).toBeUndefined();
    expect(listenRefusal({ ...exposed, host: '127.0.0.1' }, false)).toBeUndefined();
  });

  it('takes a service behind a reverse proxy as reachable by others, whatever it listens on', () => {
    const proxied = { host: '127.0.0.1', open: false, trustProxy: 1 };
    expect(listenRefusal(proxied, false)).toMatch(
      /^Refusing to listen behind a reverse proxy \(VOXLATE_TRUST_PROXY=1\) without an API key/,
    );
    expect(listenRefusal(proxied, true)).toBeUndefined();
    expect(listenRefusal({ ...proxied, open: true }, false)).toBeUndefined();
  });
});
