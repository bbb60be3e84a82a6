import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { presentedKey } from './presented-key.js';

const KEY = 'vxk_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

function requestWith(headers: Record<string, string>, cookies: Record<string, string> = {}): FastifyRequest {
  return { headers, cookies } as unknown as FastifyRequest;
}

describe('the key a request presents', () => {
  it('is read from a bearer token, X-API-Key or a live subprotocol, never a cookie', () => {
    expect(presentedKey(requestWith({ authorization: `Bearer ${KEY}` }))).toBe(KEY);
    expect(presentedKey(requestWith({ authorization: `bearer   ${KEY} ` }))).toBe(KEY);
    expect(presentedKey(requestWith({ 'x-api-key': ` ${KEY} ` }))).toBe(KEY);
    expect(presentedKey(requestWith({ 'sec-websocket-protocol': `voxlate, voxlate-key.${KEY}` }))).toBe(KEY);
    expect(presentedKey(requestWith({}, { voxlate_key: KEY, voxlate_session: KEY }))).toBeUndefined();
    expect(presentedKey(requestWith({}))).toBeUndefined();
  });

  it('leaves another scheme to the proxy that uses it, and takes the key another way', () => {
    expect(presentedKey(requestWith({ authorization: 'Basic dXNlcjpwYXNz', 'x-api-key': KEY }))).toBe(KEY);
    expect(presentedKey(requestWith({ authorization: 'Basic dXNlcjpwYXNz' }))).toBeUndefined();
    // An empty bearer token is a key sent wrong, not no key at all.
    expect(presentedKey(requestWith({ authorization: 'Bearer ' }))).toBe('');
  });

  it('never reads the URL', () => {
    const request = { headers: {}, cookies: {}, url: `/api/jobs?key=${KEY}`, query: { key: KEY } };
    expect(presentedKey(request as unknown as FastifyRequest)).toBeUndefined();
  });
});
