import { describe, expect, it } from 'vitest';
import { hostAllowed, knownNames } from './allowed-hosts.js';

describe('the names the service answers to', () => {
  const known = knownNames({ publicOrigin: 'https://dub.example.com', allowedHosts: ['studio.lan', '.team.example'] });

  it('are loopback names, IP addresses and the configured names, on any port', () => {
    for (const host of [
      'localhost:5001',
      'LOCALHOST',
      'app.localhost:5001',
      '127.0.0.1:5001',
      '[::1]:5001',
      '192.168.1.20:5001',
      'dub.example.com',
      'dub.example.com.:443',
      'studio.lan:5001',
      'a.team.example',
      'team.example',
    ]) {
      expect(hostAllowed(host, known), host).toBe(true);
    }
  });

  it('are not a rebound name, a look-alike or something that is not a host', () => {
    for (const host of [
      'rebind.attacker.example:5001',
      'localhost.attacker.example',
      'example.com',
      'dub.example.com.attacker.example',
      'evilteam.example',
      '',
      'localhost:5001/x',
      'a b',
    ]) {
      expect(hostAllowed(host, known), host).toBe(false);
    }
    expect(hostAllowed('dub.example.com', [])).toBe(false);
  });
});
