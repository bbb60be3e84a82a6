import type { AbuseCase } from '../abuse-case.js';
import { linkImport } from './form-data.js';

/**
 * Links that lead to this machine, its network or a cloud's metadata service, in every spelling
 * that has slipped through some SSRF filter somewhere: decimal, octal and hex IPv4, short forms,
 * IPv4-mapped, -compatible and -translated IPv6, NAT64, 6to4, Teredo, names that resolve to
 * loopback, and the service itself. Every one must be refused (400) before any connection.
 */
export function ssrfCases(serviceUrl: string): AbuseCase[] {
  const port = new URL(serviceUrl).port;
  const links = [
    'http://127.0.0.1/a.wav',
    `http://127.0.0.1:${port}/health`,
    serviceUrl,
    'http://127.1/a.wav',
    'http://127.000.000.001/a.wav',
    'http://2130706433/a.wav',
    'http://017700000001/a.wav',
    'http://0x7f000001/a.wav',
    'http://0x7f.0.0.1/a.wav',
    'http://0/a.wav',
    'http://0.0.0.0/a.wav',
    'http://localhost/a.wav',
    'http://localhost./a.wav',
    'http://LOCALHOST/a.wav',
    'http://foo.localhost/a.wav',
    'http://10.0.0.1/a.wav',
    'http://172.16.0.1/a.wav',
    'http://192.168.0.1/a.wav',
    'http://100.64.0.1/a.wav',
    'http://169.254.169.254/latest/meta-data/',
    'http://169.254.169.254.nip.io/latest/meta-data/',
    'http://[::1]/a.wav',
    'http://[::]/a.wav',
    'http://[0:0:0:0:0:0:0:1]/a.wav',
    'http://[::ffff:127.0.0.1]/a.wav',
    'http://[::ffff:7f00:1]/a.wav',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    'http://[::7f00:1]/a.wav',
    'http://[::127.0.0.1]/a.wav',
    'http://[::a9fe:a9fe]/latest/meta-data/',
    'http://[::ffff:0:7f00:1]/a.wav',
    'http://[64:ff9b::7f00:1]/a.wav',
    'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
    'http://[2002:7f00:1::]/a.wav',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/a.wav',
    'http://[fe80::1]/a.wav',
    'http://[fc00::1]/a.wav',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://[fec0::1]/a.wav',
    'http://[ff02::1]/a.wav',
    'http://[100::1]/a.wav',
    'http://[2001:db8::1]/a.wav',
    'https://127.0.0.1/a.wav',
    'http://127.0.0.1:22/',
    'http://224.0.0.1/a.wav',
    'http://255.255.255.255/a.wav',
  ];
  return links.map((url, i) => ({
    id: `ssrf/${String(i).padStart(2, '0')}-${url.replace(/^https?:\/\//, '').slice(0, 40)}`,
    category: 'ssrf',
    target: 'service',
    request: () => linkImport({ url, target_language: 'spa', backend: 'cascaded' }),
    expect: [400],
  }));
}
