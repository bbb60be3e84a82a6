import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type GlossaryAnswer, type Job, type MemoryList, type Route } from '@voxlate/contract';
import { ApiKeys } from '@voxlate/workspace';
import { makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { readJobEvents, settledIn } from './test/job-events.js';
import { LiveClient } from './test/live-client.js';
import { form, startService, waitFor, type RunningService } from './test/service-process.js';

/**
 * Issue 42: API keys and workspaces, on the real service. Two workspaces (Alpha, Beta) share one
 * service; Alpha makes a job group, a glossary, a memory entry and a saved voice, and Beta tries
 * every route of the contract that takes an id with Alpha's ids (an IDOR sweep made from ROUTES).
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-access-'));
const dataDir = join(dir, 'data');
let service: RunningService;
let alpha: Record<string, string>;
let beta: Record<string, string>;
let betaKey = '';
let speech = '';
let revoked = '';
// Made before the service starts (a service sees a new key within a second, not at once).
let reader = '';
let expired = '';
let shortLived = { key: '', prefix: '' };
let admin = '';
const keys = new ApiKeys(dataDir);

const SRT =
  '1\n00:00:00,800 --> 00:00:03,000\nWelcome back to the Voxlate channel.\n\n' +
  '2\n00:00:04,000 --> 00:00:06,500\nToday we cook a simple dinner.\n';
const RIGHTS = 'I recorded this voice myself and may use it in my dubs.';

beforeAll(async () => {
  speech = await makeSpeechWav(dir, ['Welcome back to the Voxlate channel.', 'Today we cook a simple dinner.']);
  alpha = { authorization: `Bearer ${(await keys.add('Alpha')).key}` };
  betaKey = (await keys.add('Beta')).key;
  // Beta holds several keys: a plan with seats for them (a free workspace has one).
  await keys.setPlan('Beta', 'enterprise');
  beta = { 'x-api-key': betaKey };
  revoked = (await keys.add('Leaver')).key;
  await keys.revoke('Leaver');
  reader = (await keys.add('Beta', { scope: 'read' })).key;
  const now = Date.now();
  expired = (await keys.add('Beta', { expiresAt: new Date(now - 1000) }, new Date(now - 60_000))).key;
  shortLived = await keys.add('Short-lived');
  admin = (await keys.add('Beta', { scope: 'admin' })).key;
  // Two requests to /process-audio-url a minute: enough to show whose they count against.
  service = await startService({ VOXLATE_RATE_URL: '2' }, { dataDir });
}, 60_000);
afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const api = (path: string, headers: Record<string, string>, init: RequestInit = {}): Promise<Response> =>
  fetch(`${service.url}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
const json = (headers: Record<string, string>, method: string, path: string, body: unknown): Promise<Response> =>
  api(path, headers, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('without a valid key', () => {
  it('refuses the jobs API, the spec endpoints, glossaries, memory and voices with 401', async () => {
    const refused = [
      ['GET', '/api/jobs'],
      ['POST', '/api/jobs'],
      ['POST', '/translate'],
      ['POST', '/process-video'],
      ['POST', '/process-audio-url'],
      ['GET', '/api/glossaries'],
      ['GET', '/api/memory'],
      ['DELETE', '/api/memory'],
      ['GET', '/api/voice-library'],
      ['GET', '/api/languages'],
      ['GET', '/api/live?source_language=eng&target_language=spa'],
    ];
    for (const [method, path] of refused) {
      const attempts: Record<string, string>[] = [
        {},
        { authorization: 'Bearer vxk_not-a-key' },
        { 'x-api-key': revoked },
      ];
      for (const headers of attempts) {
        const answer = await api(path!, headers, { method: method! });
        expect([path, answer.status]).toEqual([path, 401]);
        expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="Voxlate"');
        const { error } = (await answer.json()) as { error: string };
        expect(error).toMatch(/API key/);
      }
    }
  });

  it('still answers health, the API reference, the session and the studio', async () => {
    for (const path of [
      '/health',
      '/ready',
      '/api/docs',
      '/api/openapi.json',
      '/api/session',
      '/api/provenance/key',
      '/',
    ]) {
      expect([path, (await api(path, {})).status]).toEqual([path, 200]);
    }
    expect(await (await api('/api/session', {})).json()).toEqual({ keys_required: true, workspace: null });
    expect(await (await api('/api/session', beta)).json()).toEqual({
      keys_required: true,
      workspace: { name: 'Beta' },
    });
  });

  it('declares the keys in the OpenAPI document, and which routes need none', async () => {
    const document = (await (await api('/api/openapi.json', {})).json()) as {
      components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
      security: Record<string, string[]>[];
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    };
    expect(document.components.securitySchemes['apiKeyHeader']).toMatchObject({ in: 'header', name: 'X-API-Key' });
    expect(document.security.map((scheme) => Object.keys(scheme)[0])).toEqual([
      'apiKeyBearer',
      'apiKeyHeader',
      'studioSession',
    ]);
    expect(document.paths['/health']!['get']!.security).toEqual([]);
    expect(document.paths['/api/jobs']!['get']!.security).toBeUndefined();
    expect(document.paths['/api/jobs']!['get']!.responses['401']).toBeDefined();
  });
});

describe('two workspaces on one service', () => {
  const made = { group: '', job: '', other: '', glossary: '', voice: '', memory: '' };

  beforeAll(async () => {
    const created = await api('/api/jobs', alpha, {
      method: 'POST',
      body: await form(
        { target_languages: 'spa,fra', source_language: 'eng', subtitles: SRT, voice: 'neutral' },
        { file: speech },
      ),
    });
    expect(created.status).toBe(202);
    const first = (await created.json()) as Job;
    made.group = first.group!.id;
    made.job = first.id;
    made.other = first.group!.jobs.find((job) => job.id !== first.id)!.id;
    for (const id of [made.job, made.other]) {
      await readJobEvents(`${service.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed']), {
        ms: 180_000,
        headers: alpha,
      });
    }
    const glossary = await json(alpha, 'POST', '/api/glossaries', { name: 'Kitchen', csv: 'eng,spa\ndinner,cena\n' });
    made.glossary = ((await glossary.json()) as GlossaryAnswer).id;
    const edited = await json(alpha, 'PATCH', `/api/jobs/${made.job}/segments/0`, {
      target_text: 'Bienvenidos otra vez.',
    });
    expect(edited.status).toBe(200);
    const memory = (await (await api('/api/memory', alpha)).json()) as MemoryList;
    made.memory = memory.entries[0]!.id;
    const voice = await json(alpha, 'POST', '/api/voice-library', {
      name: 'Host',
      job_id: made.job,
      speaker: 'S1',
      rights_statement: RIGHTS,
    });
    expect(voice.status).toBe(201);
    made.voice = ((await voice.json()) as { id: string }).id;
  }, 240_000);

  it('lets each see only its own jobs, glossaries, memory and voices', async () => {
    const ids = (answer: unknown, list: string): string[] =>
      ((answer as Record<string, { id: string }[]>)[list] ?? []).map((item) => item.id);
    const lists: [string, string, string][] = [
      ['/api/jobs', 'jobs', made.job],
      ['/api/glossaries', 'glossaries', made.glossary],
      ['/api/memory', 'entries', made.memory],
      ['/api/voice-library', 'voices', made.voice],
    ];
    for (const [path, list, id] of lists) {
      expect(ids(await (await api(path, alpha)).json(), list)).toContain(id);
      const theirs = (await (await api(path, beta)).json()) as { total?: number };
      expect([path, ids(theirs, list)]).toEqual([path, []]);
      if (theirs.total !== undefined) expect(theirs.total).toBe(0);
    }
  });

  it('answers every route that takes an id with another workspace’s id as it answers a made-up one', async () => {
    const sweep = idorSweep();
    const covered = new Set(Object.keys(sweep));
    // Every route with a path parameter is tried (a new one fails here until it is added).
    const uncovered = ROUTES.filter(
      (route) => route.params && !covered.has(route.operationId) && !SEPARATE.has(route.operationId),
    );
    expect(uncovered.map((route) => route.operationId)).toEqual([]);
    for (const [operationId, sample] of Object.entries(sweep)) {
      const route = ROUTES.find((candidate) => candidate.operationId === operationId)!;
      const theirs = await tryRoute(route, sample(made), beta);
      const madeUp = await tryRoute(route, sample(madeUpIds(made)), beta);
      expect([operationId, theirs.status]).toEqual([operationId, madeUp.status]);
      expect(theirs.status).toBeGreaterThanOrEqual(400);
      if (route.params) expect([operationId, theirs.status]).toEqual([operationId, 404]);
      // Word for word but the id: nothing tells the two apart.
      expect(theirs.error).toBe(asIfAlphas(madeUp.error, made));
    }
    // Nothing Beta asked changed anything of Alpha's (the deletes and edits were refused).
    for (const path of [
      `/api/jobs/${made.job}`,
      `/api/groups/${made.group}`,
      `/api/jobs/${made.job}/result`,
      `/api/jobs/${made.job}/source`,
      `/api/jobs/${made.job}/subtitles/spa.srt`,
      `/api/jobs/${made.job}/report`,
      `/api/glossaries/${made.glossary}`,
      `/api/glossaries/${made.glossary}/export.csv`,
      `/api/voice-library/${made.voice}`,
      `/api/voice-library/${made.voice}/speech.wav`,
    ]) {
      expect([path, (await api(path, alpha)).status]).toEqual([path, 200]);
    }
    const job = (await (await api(`/api/jobs/${made.job}`, alpha)).json()) as Job;
    expect(job.speakers?.[0]?.name ?? null).not.toBe('Taken');
    const memory = (await (await api('/api/memory', alpha)).json()) as MemoryList;
    expect(memory.entries.map((entry) => entry.id)).toContain(made.memory);
  });

  it('does not fall for path tricks: encoded slashes, .. and another job’s file names', async () => {
    const tricks = [
      `/api/jobs/..%2F${made.job}`,
      `/api/jobs/${made.job}%2F..%2F${made.other}`,
      `/api/jobs/${made.job}/subtitles/..%2F..%2F${made.other}%2Fjob.json`,
      `/api/jobs/${made.job}/subtitles/%2e%2e%2fjob.json`,
      `/api/jobs/${made.job}/stems/..%2Fresult%2Fspa.srt`,
      `/api/jobs/${made.job}/subtitles/spa.srt%00.vtt`,
      `/api/voice-library/..%2F..%2Faccess%2Fapi-keys.json`,
      `/api/glossaries/..%2F${made.glossary}`,
    ];
    for (const path of tricks) {
      for (const headers of [alpha, beta]) {
        const answer = await api(path, headers);
        expect([path, answer.status]).toEqual([path, expect.any(Number)]);
        expect([path, answer.status >= 400 && answer.status < 500]).toEqual([path, true]);
        expect(await answer.text()).not.toMatch(/sha256|"request"|WEBVTT|-->/);
      }
    }
    // Beta's ids with Alpha's file name reach none of Alpha's files either.
    const files = ['result', 'source', 'subtitles/spa.srt', 'report'];
    for (const file of files) expect((await api(`/api/jobs/${made.job}/${file}`, beta)).status).toBe(404);
  });

  it('keeps a spec request’s progress to its own workspace, even under the same request_id', async () => {
    const requestId = 'shared-request-0001';
    const watching = new AbortController();
    const seen: string[] = [];
    const betaWatch = (async () => {
      const stream = await api(`/api/requests/${requestId}/events`, beta, { signal: watching.signal });
      for await (const chunk of stream.body!) seen.push(new TextDecoder().decode(chunk as Uint8Array));
    })().catch(() => undefined);
    const alphaWatch = readJobEvents(`${service.url}/api/requests/${requestId}/events`, settledIn(['ready']), {
      ms: 120_000,
      headers: alpha,
    });
    const dubbed = await api('/translate', alpha, {
      method: 'POST',
      body: await form(
        { target_language: 'spa', source_language: 'eng', subtitles: SRT, voice: 'neutral', request_id: requestId },
        { file: speech },
      ),
    });
    expect(dubbed.status).toBe(200);
    const alphaEvents = await alphaWatch;
    expect(alphaEvents.some((event) => event.event === 'progress')).toBe(true);
    watching.abort();
    await betaWatch;
    expect(seen.join('')).not.toMatch(/event: (progress|state)/);
  }, 180_000);

  it('counts rate limits per workspace, and says which limit was hit', async () => {
    const ask = (headers: Record<string, string>): Promise<Response> =>
      json(headers, 'POST', '/process-audio-url', { target_language: 'spa' });
    expect((await ask(alpha)).status).toBe(400);
    expect((await ask(alpha)).status).toBe(400);
    const limited = await ask(alpha);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: string }).error).toMatch(
      /^Too many requests to POST \/process-audio-url from this workspace: at most 2 a minute/,
    );
    // The same address, another workspace: its own two.
    expect((await ask(beta)).status).toBe(400);
  });

  it('refuses a revoked key within 5 s, on a service that did not make the change', async () => {
    const { key } = await keys.add('Temporary');
    const headers = { authorization: `Bearer ${key}` };
    // A key made by another process is taken once the service looks at the file again (every second).
    await waitFor(async () => (await api('/api/jobs', headers)).status === 200, 5_000);
    await new ApiKeys(dataDir).revoke('Temporary');
    const revokedAt = Date.now();
    await waitFor(async () => (await api('/api/jobs', headers)).status === 401, 5_000);
    expect(Date.now() - revokedAt).toBeLessThan(5_000);
  });
});

describe('a key’s scope and end', () => {
  it('lets a read key list and read but not dub, and names the scope it lacks', async () => {
    const readOnly = { 'x-api-key': reader };
    expect((await api('/api/jobs', readOnly)).status).toBe(200);
    expect((await api('/api/glossaries', readOnly)).status).toBe(200);
    for (const [method, path] of [
      ['POST', '/api/jobs'],
      ['POST', '/translate'],
      ['DELETE', '/api/memory'],
      ['POST', '/api/glossaries'],
    ] as const) {
      const refused = await api(path, readOnly, { method });
      expect([path, refused.status]).toEqual([path, 403]);
      expect(((await refused.json()) as { error: string }).error).toMatch(
        /^This key has the scope read: it may only read .*This needs the scope dub\..*--scope dub/,
      );
    }
    // Signing in with it gives a session of the same scope.
    const signedIn = await json({}, 'POST', '/api/session', { key: reader });
    const session = { cookie: signedIn.headers.get('set-cookie')!.split(';')[0]! };
    expect((await api('/api/jobs', session)).status).toBe(200);
    expect((await api('/api/jobs', session, { method: 'POST' })).status).toBe(403);
  });

  it('lists the workspace’s keys to an admin key only, never another workspace’s', async () => {
    const listed = await api('/api/keys', { 'x-api-key': admin });
    expect(listed.status).toBe(200);
    const { keys: betas } = (await listed.json()) as {
      keys: { prefix: string; scope: string; expires_at: string | null }[];
    };
    expect(betas.map((key) => key.scope).sort()).toEqual(['admin', 'dub', 'dub', 'read']);
    expect(betas.some((key) => key.expires_at !== null)).toBe(true);
    expect(betas.map((key) => key.prefix)).not.toContain(alpha['authorization']!.slice(7, 19));
    const refused = await api('/api/keys', beta);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /This key has the scope dub.*needs the scope admin/,
    );
  });

  it('refuses an expired key in words that say so, and sign-in with it too', async () => {
    const refused = await api('/api/jobs', { authorization: `Bearer ${expired}` });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^This API key expired on \d{4}-\d\d-\d\d /);
    expect((await json({}, 'POST', '/api/session', { key: expired })).status).toBe(401);
  });
});

describe('the studio’s sign-in', () => {
  it('exchanges the key for a session in an HttpOnly, SameSite=Strict cookie, which signing out ends', async () => {
    const wrong = await json({}, 'POST', '/api/session', { key: 'vxk_wrong' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const signedIn = await json({}, 'POST', '/api/session', { key: betaKey });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ keys_required: true, workspace: { name: 'Beta' } });
    const cookie = signedIn.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^voxlate_session=vxs_/);
    expect(cookie).not.toContain(betaKey);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toMatch(/Max-Age|Expires/);
    const session = { cookie: cookie.split(';')[0]! };
    expect((await api('/api/jobs', session)).status).toBe(200);
    // Another site's page cannot use it to change anything (the origin check).
    const crossSite = await json({ ...session, origin: 'https://evil.example' }, 'DELETE', '/api/memory', {});
    expect(crossSite.status).toBe(403);
    const out = await api('/api/session', session, { method: 'DELETE' });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^voxlate_session=;.*Expires=Thu, 01 Jan 1970/);
    // The same cookie, kept by whoever copied it, reads nothing after sign-out.
    const after = await api('/api/jobs', session);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: string }).error).toMatch(/^Your sign-in has ended/);
  });

  it('ends a session with its key', async () => {
    const { key, prefix } = shortLived;
    const signedIn = await json({}, 'POST', '/api/session', { key });
    const session = { cookie: signedIn.headers.get('set-cookie')!.split(';')[0]! };
    expect((await api('/api/jobs', session)).status).toBe(200);
    await keys.revoke(prefix);
    await waitFor(async () => (await api('/api/jobs', session)).status === 401, 5000);
  });
});

describe('the live WebSocket', () => {
  const liveUrl = (): string =>
    `${service.url.replace(/^http/, 'ws')}/api/live?source_language=eng&target_language=spa`;

  it('refuses a wrong key at the upgrade, and a first message that is not the key', async () => {
    const wrong = new LiveClient(liveUrl(), { authorization: 'Bearer vxk_wrong' });
    await expect(wrong.opened).rejects.toThrow(/401/);
    const keyless = new LiveClient(liveUrl());
    await keyless.opened;
    keyless.sendText(JSON.stringify({ type: 'end' }));
    const closed = await keyless.closed;
    expect(closed.close.code).toBe(1008);
    expect(closed.errors[0]?.error).toMatch(/^The first message must be the key/);
    const badKey = new LiveClient(liveUrl());
    await badKey.opened;
    badKey.sendText(JSON.stringify({ type: 'key', key: revoked }));
    expect((await badKey.closed).errors[0]?.error).toMatch(/not valid here/);
  });

  it('takes the key as the first message or a subprotocol, and keeps its captions to its workspace', async () => {
    const byMessage = new LiveClient(liveUrl());
    await byMessage.opened;
    byMessage.sendText(JSON.stringify({ type: 'key', key: betaKey }));
    const ready = await byMessage.ready;
    // Alpha cannot follow Beta's session, which Beta can.
    expect((await api(`/api/live/captions?session=${ready.session_id}`, alpha)).status).toBe(404);
    const following = new AbortController();
    const betaFollows = await api(`/api/live/captions?session=${ready.session_id}`, beta, { signal: following.signal });
    expect(betaFollows.status).toBe(200);
    following.abort();
    await byMessage.end();
    const byProtocol = new LiveClient(liveUrl(), {}, ['voxlate', `voxlate-key.${betaKey}`]);
    await byProtocol.ready;
    await byProtocol.end();
  }, 60_000);
});

describe('a service asked to listen beyond loopback', () => {
  it('refuses to start without a key, and says how to add one', async () => {
    const empty = join(dir, 'no-keys');
    await expect(startService({ HOST: '0.0.0.0' }, { dataDir: empty })).rejects.toThrow(
      /Refusing to listen on 0\.0\.0\.0 without an API key[\s\S]*npm run keys -- add NAME[\s\S]*VOXLATE_OPEN=1/,
    );
  });
});

/** Routes tried on their own above (the request's progress, the live socket) rather than by the sweep. */
const SEPARATE = new Set(['followRequest']);

type Ids = { group: string; job: string; other: string; glossary: string; voice: string; memory: string };
/** A request of the sweep: a JSON body, or a form (fields, and the test's speech as its file). */
type Sample = (ids: Ids) => { path: string; body?: unknown; form?: Record<string, string> };

/** Each route that names something by id, asked as a client would ask it (valid but for whose the id is). */
function idorSweep(): Record<string, Sample> {
  return {
    getJob: ({ job }) => ({ path: `/api/jobs/${job}` }),
    getGroup: ({ group }) => ({ path: `/api/groups/${group}` }),
    deleteJob: ({ job }) => ({ path: `/api/jobs/${job}` }),
    packageGroup: ({ group }) => ({ path: `/api/groups/${group}/youtube-package`, body: {} }),
    packageJob: ({ job }) => ({ path: `/api/jobs/${job}/youtube-package`, body: {} }),
    getGlossary: ({ glossary }) => ({ path: `/api/glossaries/${glossary}` }),
    replaceGlossary: ({ glossary }) => ({
      path: `/api/glossaries/${glossary}`,
      body: { name: 'Taken', csv: 'eng,spa\na,b\n' },
    }),
    deleteGlossary: ({ glossary }) => ({ path: `/api/glossaries/${glossary}` }),
    exportGlossary: ({ glossary }) => ({ path: `/api/glossaries/${glossary}/export.csv` }),
    getSavedVoice: ({ voice }) => ({ path: `/api/voice-library/${voice}` }),
    renameSavedVoice: ({ voice }) => ({ path: `/api/voice-library/${voice}`, body: { name: 'Taken' } }),
    deleteSavedVoice: ({ voice }) => ({ path: `/api/voice-library/${voice}` }),
    exportSavedVoice: ({ voice }) => ({ path: `/api/voice-library/${voice}/export.json` }),
    getSavedVoiceSpeech: ({ voice }) => ({ path: `/api/voice-library/${voice}/speech.wav` }),
    forgetMemoryLine: ({ memory }) => ({ path: `/api/memory/${memory}` }),
    followJob: ({ job }) => ({ path: `/api/jobs/${job}/events` }),
    getJobResult: ({ job }) => ({ path: `/api/jobs/${job}/result` }),
    getJobSource: ({ job }) => ({ path: `/api/jobs/${job}/source` }),
    getJobSubtitles: ({ job }) => ({ path: `/api/jobs/${job}/subtitles/spa.srt` }),
    getJobStem: ({ job }) => ({ path: `/api/jobs/${job}/stems/dub.wav` }),
    getJobReport: ({ job }) => ({ path: `/api/jobs/${job}/report` }),
    editLine: ({ job }) => ({ path: `/api/jobs/${job}/segments/0`, body: { target_text: 'Taken' } }),
    renameSpeaker: ({ job }) => ({ path: `/api/jobs/${job}/speakers/S1`, body: { name: 'Taken' } }),
    renderJob: ({ job }) => ({ path: `/api/jobs/${job}/render` }),
    cancelJob: ({ job }) => ({ path: `/api/jobs/${job}/cancel` }),
    // Ids in a query or a body: refused as an unknown one is (never "not yours").
    saveVoice: ({ job }) => ({
      path: '/api/voice-library',
      body: { name: 'Taken', job_id: job, speaker: 'S1', rights_statement: RIGHTS },
    }),
    previewSpeech: ({ glossary }) => ({ path: `/api/speech-preview?language=spa&text=cena&glossary_id=${glossary}` }),
    // A dub naming another workspace's glossary, or its saved voice by name.
    createJob: ({ glossary }) => ({
      path: '/api/jobs',
      form: { target_language: 'spa', source_language: 'eng', subtitles: SRT, glossary_id: glossary },
    }),
    translateAudio: () => ({
      path: '/translate',
      form: { target_language: 'spa', source_language: 'eng', subtitles: SRT, speaker_voices: 'S1=Host' },
    }),
  };
}

async function tryRoute(route: Route, sample: ReturnType<Sample>, headers: Record<string, string>) {
  const init: RequestInit = { method: route.method };
  if (sample.form !== undefined) init.body = await form(sample.form, { file: speech });
  if (sample.body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(sample.body);
  }
  const answer = await api(sample.path, headers, init);
  const text = await answer.text();
  const error = answer.headers.get('content-type')?.includes('json')
    ? ((JSON.parse(text) as { error?: string }).error ?? '')
    : text;
  return { status: answer.status, error };
}

/** Ids of the same shapes that name nothing. */
function madeUpIds(made: Ids): Ids {
  return Object.fromEntries(Object.entries(made).map(([name, id]) => [name, madeUp(id)])) as Ids;
}

function madeUp(id: string): string {
  const last = id.at(-1)!;
  return id.slice(0, -1) + (last === '0' ? '1' : '0');
}

/** A refusal of made-up ids with Alpha's ids in their place (so two refusals can be compared word for word). */
function asIfAlphas(error: string, made: Ids): string {
  return Object.values(made).reduce((text, id) => text.replaceAll(madeUp(id), id), error);
}
