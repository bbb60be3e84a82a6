import { describe, expect, it } from 'vitest';
import { trustProxyOf } from './trust-proxy.js';

describe('VOXLATE_TRUST_PROXY', () => {
  it('is a number of proxies, or their addresses, or nothing', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('0')).toBe(false);
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.5, 10.0.1.0/24,::1')).toEqual(['10.0.0.5', '10.0.1.0/24', '::1']);
  });

  it('refuses "trust everyone" and what is not an address, saying what it takes', () => {
    for (const value of ['true', 'yes', 'nginx', '10.0.0.5/abc']) {
      expect(() => trustProxyOf(value)).toThrow(/how many proxies stand in front of the service/);
    }
  });
});
