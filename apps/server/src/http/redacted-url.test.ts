import { describe, expect, it } from 'vitest';
import { redactedUrl } from './redacted-url.js';

describe('a URL as it is logged', () => {
  it('keeps no value of a parameter that may hold a secret, in any case or encoding', () => {
    expect(redactedUrl('/api/jobs?key=vxk_secret&page=2')).toBe('/api/jobs?key=[redacted]&page=2');
    expect(redactedUrl('/api/jobs?page=2&API_KEY=abc&Token=t&access_token=a')).toBe(
      '/api/jobs?page=2&API_KEY=[redacted]&Token=[redacted]&access_token=[redacted]',
    );
    expect(redactedUrl('/api/live?%6Bey=vxk_x')).toBe('/api/live?%6Bey=[redacted]');
    expect(redactedUrl('/api/jobs?key=a&key=b')).toBe('/api/jobs?key=[redacted]&key=[redacted]');
  });

  it('leaves a URL without secrets as it was', () => {
    for (const url of ['/api/jobs', '/api/jobs?page=1&size=20', '/api/live?source_language=eng&keyword=x', '/?']) {
      expect(redactedUrl(url)).toBe(url);
    }
  });
});
