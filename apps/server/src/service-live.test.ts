import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE } from '@voxlate/contract';
import { LiveClient, streamAtPace } from './test/live-client.js';
import { pcm16kOf } from './test/pcm16k.js';
import { descendantsOf, startService, waitFor, type RunningService } from './test/service-process.js';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb';
let service: RunningService;
/** Three real read sentences with a second of silence after each: three live lines. */
let speech: Buffer;

beforeAll(async () => {
  const silence = Buffer.alloc(16000 * 2);
  speech = Buffer.concat(['0880', '0930', '0890'].flatMap((clip) => [pcm16kOf(`${LIBRIVOX}-${clip}.wav`), silence]));
  service = await startService({
    VOXLATE_MAX_LIVE_SESSIONS: '2',
    VOXLATE_LIVE_UNREAD_BYTES: String(256 * 1024),
    VOXLATE_LIVE_IDLE_MS: '3000',
  });
});
afterAll(() => service.stop());

function liveUrl(query: string): string {
  return `${service.url.replace(/^http/, 'ws')}/api/live?${query}`;
}

/** Live decoders the service runs now (one per live session; the batch recogniser's warm ones are `--whole-only`). */
function decoders(): number {
  return descendantsOf(service.pid).filter((pid) => {
    const command = commandOf(pid);
    return command.includes('pocketsphinx_decoder.py') && !command.includes('--whole-only');
  }).length;
}

/** The service's Python processes (its decoders, Apertium's server), to say what ran when a count is off. */
function pythonProcesses(): string {
  return descendantsOf(service.pid)
    .filter((pid) => commandOf(pid).includes('python'))
    .map((pid) => `${pid} ${commandOf(pid).replaceAll('\0', ' ')}`)
    .join('\n');
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

describe('live translation over the WebSocket', () => {
  it('captions real speech as it is heard, then sends each line translated and dubbed, in order', async () => {
    const client = new LiveClient(liveUrl('source_language=eng&target_language=spa'));
    const ready = await client.ready;
    expect(ready).toMatchObject({ type: 'ready', sample_rate: 16000, engines: { recognition: 'pocketsphinx-live' } });
    // Twice as fast as spoken: the service keeps up, and the test is short.
    await streamAtPace(client, speech, 40, 2);
    const transcript = await client.end();
    expect(transcript.done).toBe(true);
    expect(transcript.close.code).toBe(LIVE_CLOSE.done);
    expect(transcript.errors).toEqual([]);
    const finals = transcript.captions.filter((caption) => caption.final);
    expect(finals.map((caption) => caption.id)).toEqual([0, 1, 2]);
    // The sentences, as heard: "he was not an ill disposed young man", "he might even have been made amiable himself".
    expect(finals[0]!.source_text).toMatch(/young man/);
    expect(finals[1]!.source_text).toMatch(/made/);
    for (const caption of finals) {
      expect(caption.target_text).toBeTruthy();
      expect(caption.target_text).not.toBe(caption.source_text);
    }
    // Lines lie where they were spoken (each clip 3-6 s, a second apart) and do not overlap.
    expect(finals[0]!.start).toBeLessThan(0.5);
    for (let i = 1; i < finals.length; i++) expect(finals[i]!.start).toBeGreaterThanOrEqual(finals[i - 1]!.end);
    // Partial captions came before each final, with the text heard so far.
    for (const final of finals) {
      const partials = transcript.captions.filter((caption) => caption.id === final.id && !caption.final);
      expect(partials.length).toBeGreaterThan(0);
      expect(partials.every((partial) => partial.at < final.at && partial.target_text === null)).toBe(true);
    }
    // Each final line's dubbed audio: its header's length of PCM, real speech, in order, never overlapping.
    expect(transcript.audio.map((line) => line.id)).toEqual([0, 1, 2]);
    for (const [i, line] of transcript.audio.entries()) {
      expect(line.pcm.length).toBe(line.bytes);
      expect(line.bytes / 2 / line.sample_rate).toBeGreaterThan(0.5);
      expect(rms(line.pcm)).toBeGreaterThan(0.01);
      if (i > 0) {
        const before = transcript.audio[i - 1]!;
        expect(line.start).toBeGreaterThanOrEqual(
          before.start + before.bytes / 2 / before.sample_rate / before.tempo - 0.01,
        );
      }
    }
    await waitFor(() => decoders() === 0);
  });

  it('closes with 1008 and says why, before taking any audio, when a language or glossary is wrong', async () => {
    for (const [query, message] of [
      ['source_language=eng&target_language=xx', /Unknown target_language "?xx"?/],
      ['target_language=spa', /select the language you speak/],
      ['source_language=fra&target_language=eng', /Live translation from French needs a live speech recogniser/],
      [
        'source_language=eng&target_language=spa&glossary_id=0123456789abcdef',
        /Unknown glossary_id "0123456789abcdef"/,
      ],
    ] as const) {
      const client = new LiveClient(liveUrl(query));
      await expect(client.ready).rejects.toThrow();
      const transcript = await client.closed;
      expect(transcript.close.code, query).toBe(LIVE_CLOSE.refused);
      expect(transcript.errors[0]?.error, query).toMatch(message);
    }
    expect(decoders()).toBe(0);
  });

  it('refuses a bad frame and a page of another site; a plain GET says whether the languages can go live', async () => {
    const odd = new LiveClient(liveUrl('source_language=eng&target_language=fra'));
    await odd.ready;
    odd.send(Buffer.alloc(3));
    expect((await odd.closed).close.code).toBe(LIVE_CLOSE.refused);
    expect(odd.transcript.errors[0]?.error).toMatch(/whole 16-bit samples/);

    const text = new LiveClient(liveUrl('source_language=eng&target_language=fra'));
    await text.ready;
    text.sendText('hello');
    expect((await text.closed).close.code).toBe(LIVE_CLOSE.refused);

    const foreign = new LiveClient(liveUrl('source_language=eng&target_language=fra'), {
      Origin: 'https://elsewhere.example',
    });
    await expect(foreign.ready).rejects.toThrow(/other web sites/);

    await waitFor(() => decoders() === 0);
    const plain = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      httpRequest(`${service.url}/api/live?source_language=eng&target_language=fra`, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
        .on('error', reject)
        .end();
    });
    // A plain GET says whether the languages can go live (nothing started, no place taken).
    expect(plain.status).toBe(200);
    expect(JSON.parse(plain.body)).toEqual({
      sample_rate: 16000,
      sessions: { running: expect.any(Number) as unknown, max: 2 },
      engines: { recognition: 'pocketsphinx-live', translation: 'apertium', synthesis: expect.any(String) as unknown },
    });
    expect(decoders()).toBe(0);
    const noLiveRecogniser = await fetch(`${service.url}/api/live?source_language=kor&target_language=eng`);
    expect(noLiveRecogniser.status).toBe(422);
    const badLanguage = await fetch(`${service.url}/api/live?source_language=xx&target_language=eng`);
    expect(badLanguage.status).toBe(400);
    expect(((await badLanguage.json()) as { error: string }).error).toMatch(/source_language/);
    await waitFor(() => decoders() === 0);
  });

  it('lets go of a client that sends faster than real time or falls silent', async () => {
    const hasty = new LiveClient(liveUrl('source_language=eng&target_language=spa'));
    await hasty.ready;
    for (let k = 0; k < 80; k++) hasty.send(Buffer.alloc(16000)); // 40 s at once
    expect((await hasty.closed).close.code).toBe(LIVE_CLOSE.refused);
    expect(hasty.transcript.errors[0]?.error).toMatch(/faster than real time/);

    const silent = new LiveClient(liveUrl('source_language=eng&target_language=spa'));
    await silent.ready;
    expect((await silent.closed).close.code).toBe(LIVE_CLOSE.refused);
    expect(silent.transcript.errors[0]?.error).toMatch(/No audio for 3 s/);
    await waitFor(() => decoders() === 0);
  });

  it('holds at most its number of sessions, and lets a vanished client’s decoder go', async () => {
    const first = new LiveClient(liveUrl('source_language=eng&target_language=spa'));
    const second = new LiveClient(liveUrl('source_language=eng&target_language=ita'));
    // Under load one session can take longer to open than the idle limit (3 s here): the one open
    // first is fed silence meanwhile, as a live client sends audio all along (CI once saw 1 decoder).
    const feeding = setInterval(() => {
      for (const client of [first, second]) if (client.transcript.ready) client.send(Buffer.alloc(3200));
    }, 500);
    await Promise.all([first.ready, second.ready]);
    await waitFor(() => decoders() === 2, 5000).catch(() => expect(pythonProcesses()).toBe('two live decoders'));
    const status = (await (await fetch(`${service.url}/api/live?source_language=eng&target_language=fra`)).json()) as {
      sessions: unknown;
    };
    expect(status.sessions).toEqual({ running: 2, max: 2 });
    const third = new LiveClient(liveUrl('source_language=eng&target_language=fra'));
    await expect(third.ready).rejects.toThrow(/already runs 2 live sessions/);
    expect((await third.closed).close.code).toBe(LIVE_CLOSE.busy);
    clearInterval(feeding);
    // Sessions are independent: one goes on while the other's client vanishes mid-line.
    first.send(speech.subarray(0, 16000 * 2 * 2));
    first.terminate();
    await streamAtPace(second, speech.subarray(0, speech.length / 3), 40, 4);
    const transcript = await second.end();
    expect(transcript.captions.filter((caption) => caption.final).length).toBeGreaterThan(0);
    await waitFor(() => decoders() === 0);
    // The places are free again.
    const again = new LiveClient(liveUrl('source_language=eng&target_language=fra'));
    await again.ready;
    await again.end();
  });

  it('lets the overlay follow the newest session’s captions', async () => {
    const captions: string[] = [];
    const overlay = await fetch(`${service.url}/api/live/captions`);
    expect(overlay.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = overlay.body!.getReader();
    const reading = (async () => {
      for (;;) {
        const { value, done } = (await reader.read()) as { value?: Uint8Array; done: boolean };
        if (done) return;
        captions.push(new TextDecoder().decode(value));
      }
    })();
    const client = new LiveClient(liveUrl('source_language=eng&target_language=spa'));
    const ready = await client.ready;
    await streamAtPace(client, speech.subarray(0, speech.length / 3), 40, 4);
    const transcript = await client.end();
    const final = transcript.captions.find((caption) => caption.final)!;
    await waitFor(() => captions.join('').includes(JSON.stringify(final.target_text)));
    await reader.cancel();
    await reading.catch(() => undefined);
    const unknown = await fetch(`${service.url}/api/live/captions?session=${ready.session_id}`);
    expect(unknown.status).toBe(404);
  });
});

function rms(pcm: Buffer): number {
  let sum = 0;
  for (let i = 0; i + 1 < pcm.length; i += 2) sum += (pcm.readInt16LE(i) / 32768) ** 2;
  return Math.sqrt(sum / (pcm.length / 2));
}
