import type { AbuseCase } from '../abuse-case.js';
import { linkImport } from './form-data.js';

/** Imports from the misbehaving link server (sent to the service that may fetch loopback links). */
export function linkCases(linksBase: string): AbuseCase[] {
  const links: [string, readonly number[]][] = [
    ['http10.wav', [200]],
    ['chunked.wav', [200]],
    ['short.wav', [400]],
    ['long.wav', [200, 415, 422]],
    ['stall.wav', [400]],
    ['reset.wav', [400]],
    ['huge.wav', [413]],
    ['page.html', [415]],
    ['missing.wav', [400]],
    ['broken.wav', [400]],
    ['loop.wav', [400]],
    ['not-http', [400]],
  ];
  return links.map(([path, expect]) => ({
    id: `links/${path}`,
    category: 'links',
    target: 'links',
    request: () => linkImport({ url: `${linksBase}/${path}`, target_language: 'spa', source_language: 'eng' }),
    expect,
  }));
}
