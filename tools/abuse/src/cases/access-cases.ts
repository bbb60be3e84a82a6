import { ROUTES, type Route } from '@voxlate/contract';
import type { AbuseCase } from '../abuse-case.js';
import type { RawRequest } from '../../../../apps/server/src/test/raw-http.js';

/** The keys made in the keyed service's data folder before it starts (see AbuseServices). */
export interface AccessKeys {
  /** A key of scope `read`, valid. */
  read: string;
  revoked: string;
  expired: string;
}

/** A made-up key of the right shape: unknown to the service. */
const WRONG_KEY = `vxk_${'A'.repeat(43)}`;
/** A made-up session id of the right shape, sent as the studio's cookie. */
const WRONG_SESSION = `vxs_${'B'.repeat(43)}`;
const LIVE_QUERY = '?source_language=eng&target_language=spa';

/**
 * The access sweep, sent to the keyed service (behind one trusted proxy): every route of the
 * contract that needs a key, without one, with a wrong, a revoked and an expired key and an
 * ended session (401), and every route that changes something with a `read` key (403); Host
 * names that are not the service's (DNS rebinding, 421); forged forwarded hops; and upgrades
 * that are not a WebSocket handshake on the live route (401).
 */
export function accessCases(keys: AccessKeys): AbuseCase[] {
  return [...routeSweep(keys), ...rebindingCases(), ...forwardedCases(), ...upgradeCases()];
}

function routeSweep(keys: AccessKeys): AbuseCase[] {
  const credentials: [name: string, headers: Record<string, string>][] = [
    ['no-key', {}],
    ['wrong-key', { authorization: `Bearer ${WRONG_KEY}` }],
    ['revoked-key', { 'x-api-key': keys.revoked }],
    ['expired-key', { authorization: `Bearer ${keys.expired}` }],
    ['ended-session', { cookie: `voxlate_session=${WRONG_SESSION}` }],
  ];
  const guarded = ROUTES.filter((route) => route.public !== true);
  const cases = guarded.flatMap((route) =>
    credentials.map(([name, headers]) => routeCase(`${name}/${route.operationId}`, route, headers, [401])),
  );
  // What a read key may not do: change anything, or read what needs more (the workspace's keys).
  const changing = guarded.filter((route) => route.method !== 'GET' || (route.scope ?? 'read') !== 'read');
  return [
    ...cases,
    ...changing.map((route) =>
      routeCase(`read-scope/${route.operationId}`, route, { authorization: `Bearer ${keys.read}` }, [403]),
    ),
  ];
}

function routeCase(id: string, route: Route, headers: Record<string, string>, expect: number[]): AbuseCase {
  const live = route.path === '/api/live';
  return {
    id: `access/${id}`,
    category: 'access',
    target: 'keyed',
    expect,
    request: () => ({
      method: route.method,
      path: pathOf(route) + (live ? LIVE_QUERY : ''),
      headers: route.method === 'GET' ? headers : { ...headers, 'content-type': 'application/json' },
      body: Buffer.from(route.method === 'GET' ? '' : '{}'),
    }),
  };
}

/** The route's path with each parameter a made-up value of a plausible shape. */
function pathOf(route: Route): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) =>
    /id$/i.test(name) ? '0000000aa-000000000000' : name === 'lang' ? 'spa' : 'x',
  );
}

function rebindingCases(): AbuseCase[] {
  const hosts = [
    'rebind.attacker.example',
    'rebind.attacker.example:5001',
    'localhost.attacker.example',
    '127.0.0.1.nip.io',
    'attacker.example:80@127.0.0.1',
  ];
  return hosts.flatMap((host) =>
    (
      [
        ['GET', '/api/jobs'],
        ['POST', '/api/glossaries'],
        ['GET', '/health'],
      ] as const
    ).map(([method, path]) => ({
      id: `access/host/${method}${path}/${host}`,
      category: 'access',
      target: 'keyed' as const,
      expect: [421],
      request: (): RawRequest => ({
        method,
        path,
        headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
        body: Buffer.from(method === 'GET' ? '' : '{"name":"x","entries":[]}'),
      }),
    })),
  );
}

/** Sign-in attempts whose client writes its own first hops: refused as a wrong key, counted by the real address. */
function forwardedCases(): AbuseCase[] {
  const forged = ['10.0.0.1', '127.0.0.1', '::1', '10.0.0.1, 10.0.0.2, 10.0.0.3', 'garbage', ''];
  return forged.map((hops, i) => ({
    id: `access/forwarded/${i}`,
    category: 'access',
    target: 'keyed',
    expect: [401, 429],
    request: (): RawRequest => ({
      method: 'POST',
      path: '/api/session',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': hops },
      body: Buffer.from(JSON.stringify({ key: WRONG_KEY })),
    }),
  }));
}

function upgradeCases(): AbuseCase[] {
  const tricks: [name: string, headers: Record<string, string>][] = [
    ['h2c', { upgrade: 'h2c', connection: 'Upgrade, HTTP2-Settings', 'http2-settings': '' }],
    ['websocket-without-handshake', { upgrade: 'websocket', connection: 'Upgrade' }],
    ['websocket-without-connection', { upgrade: 'websocket', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' }],
    ['unknown-protocol', { upgrade: 'foo/1', connection: 'upgrade' }],
    ['upgrade-as-post', { upgrade: 'websocket', connection: 'Upgrade', 'sec-websocket-version': '13' }],
  ];
  return tricks.map(([name, headers]) => ({
    id: `access/upgrade/${name}`,
    category: 'access',
    target: 'keyed',
    expect: [401],
    request: (): RawRequest => ({
      method: name === 'upgrade-as-post' ? 'POST' : 'GET',
      path: `/api/live${LIVE_QUERY}`,
      headers,
      body: Buffer.alloc(0),
    }),
  }));
}
