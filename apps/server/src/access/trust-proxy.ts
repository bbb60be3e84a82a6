import { isIP } from 'node:net';

/** Proxies trusted: a hop count, or the proxies' addresses and ranges; false for none. */
export type TrustProxy = false | number | string[];

/**
 * VOXLATE_TRUST_PROXY as Fastify takes it. A number is how many proxies stand in front (`1`: the
 * client is the address the nearest proxy saw; hops the client wrote before it are not believed);
 * otherwise the proxies' addresses. "Trust every hop" is not offered: behind one proxy it lets a
 * client choose its own address (and so its share of the limits).
 */
export function trustProxyOf(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const addresses = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const address of addresses) {
    const [ip, bits] = address.split('/');
    if (isIP(ip ?? '') === 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits))) {
      throw new Error(
        `VOXLATE_TRUST_PROXY must be how many proxies stand in front of the service (1 for one), or their ` +
          `addresses (10.0.0.5,10.0.1.0/24); got "${text}".`,
      );
    }
  }
  return addresses;
}
