import type { Server } from 'node:http';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@voxlate/core';
import { ffmpeg, GAME_MUSIC, makeSpeechWav, makeVideo } from '../../../packages/dubber/src/test/make-media.js';
import { form, parseSse, serveFolder, startService, type RunningService } from './test/service-process.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-endpoint-test-'));
let service: RunningService;
let files: Server;
let filesUrl = '';
let speech = '';
let video = '';

beforeAll(async () => {
  speech = await makeSpeechWav(dir, ['Welcome back to the channel.', 'Today we cook a simple dinner.']);
  video = makeVideo(dir, speech);
  service = await startService({ VOXLATE_ALLOW_PRIVATE_URLS: '1', VOXLATE_HEARTBEAT_MS: '100' });
  ({ url: filesUrl, server: files } = await serveFolder(dir));
});

afterAll(async () => {
  files.close();
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
});

const post = (path: string, body: FormData): Promise<Response> =>
  fetch(`${service.url}${path}`, { method: 'POST', body });

describe('info endpoints', () => {
  it('answers health, languages and engines', async () => {
    expect(await (await fetch(`${service.url}/health`)).json()).toMatchObject({ status: 'ok' });
    const languages = (await (await fetch(`${service.url}/api/languages`)).json()) as {
      code: string;
      stages: { translation_from_english: { quality: string } | null; synthesis: string[] };
    }[];
    expect(languages.map((language) => language.code)).toEqual([...LANGUAGE_CODES]);
    expect(languages.find((l) => l.code === 'spa')!.stages.translation_from_english).toEqual({
      engine: 'apertium',
      quality: 'full',
    });
    expect(languages.find((l) => l.code === 'kor')!.stages.translation_from_english).toMatchObject({ quality: 'gist' });
    const engines = (await (await fetch(`${service.url}/api/engines`)).json()) as Record<
      string,
      { id: string; installed: boolean }[]
    >;
    expect(engines['asr']).toContainEqual({ id: 'pocketsphinx', kind: 'offline', installed: true });
    expect(engines['lipsync']).toContainEqual({ id: 'mouth-bank', kind: 'offline', installed: true });
  });
});

describe('POST /translate', () => {
  it('dubs an audio file into a WAV with transcripts, segments and subtitles (bilingual when asked)', async () => {
    const response = await post(
      '/translate',
      await form({ target_language: 'spa', backend: 'cascaded', bilingual_subtitles: 'true' }, { file: speech }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      audio: string;
      transcripts: { source: string; target: string };
      segments: unknown[];
      warnings: string[];
      subtitles: { target: { srt: string; vtt: string }; bilingual?: { languages: string[]; srt: string } };
      provenance: { output: { sha256: string }; signature: { publicKey: string } };
    };
    expect(Buffer.from(body.audio, 'base64').subarray(0, 4).toString()).toBe('RIFF');
    // The manifest describes exactly the audio sent, signed with the key the service publishes.
    const audioHash = createHash('sha256').update(Buffer.from(body.audio, 'base64')).digest('hex');
    expect(body.provenance.output.sha256).toBe(audioHash);
    const key = (await (await fetch(`${service.url}/api/provenance/key`)).json()) as { publicKey: string };
    expect(body.provenance.signature.publicKey).toBe(key.publicKey);
    expect(body.transcripts.source).not.toBe('');
    expect(body.transcripts.target).not.toBe('');
    expect(body.segments.length).toBeGreaterThan(0);
    expect(body.subtitles.target.vtt.startsWith('WEBVTT')).toBe(true);
    // Each bilingual cue: the Spanish line, then the English words said there.
    expect(body.subtitles.bilingual?.languages).toEqual(['spa', 'eng']);
    const firstCue = body.subtitles.bilingual!.srt.split('\n\n')[0]!.split('\n').slice(2);
    expect(firstCue).toHaveLength(2);
    expect(body.transcripts.source.toLowerCase()).toContain(firstCue[1]!.toLowerCase().split(' ')[0]);
  });

  it('accepts a video in audio mode and answers audio, with subtitles as the source', async () => {
    const srt = '1\n00:00:00,800 --> 00:00:02,500\nBonjour à tous.\n';
    const response = await post(
      '/translate',
      await form(
        { target_language: 'eng', backend: 'cascaded', source_language: 'fra', subtitles: srt },
        { file: video },
      ),
    );
    const body = (await response.json()) as { audio: string; transcripts: { source: string; target: string } };
    expect(response.status).toBe(200);
    expect(Buffer.from(body.audio, 'base64').subarray(8, 12).toString()).toBe('WAVE');
    expect(body.transcripts.source).toBe('Bonjour à tous.');
  });
});

describe('POST /process-video', () => {
  it('streams monotonic progress in the spec framing and ends with the MP4 and transcripts', async () => {
    const response = await post(
      '/process-video',
      await form(
        { target_language: 'fra', backend: 'cascaded', apply_lip_sync: 'true', use_voice_cloning: 'false' },
        { video },
      ),
    );
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { events, malformed } = parseSse(await response.text());
    expect(malformed).toEqual([]);
    const progress = events.map((event) => event['progress'] as number);
    expect(progress.every((value, i) => i === 0 || value >= progress[i - 1]!)).toBe(true);
    expect(events.map((event) => event['phase'])).toEqual(
      expect.arrayContaining([
        'Transcribing',
        'Translating',
        'Synthesizing speech',
        'Mixing',
        'Encoding video',
        'Lip sync',
      ]),
    );
    const last = events.at(-1)!;
    expect(last['progress']).toBe(100);
    expect(
      Buffer.from(last['result'] as string, 'base64')
        .subarray(4, 8)
        .toString(),
    ).toBe('ftyp');
    expect((last['transcripts'] as { target: string }).target).not.toBe('');
    // The test video is a test pattern: lip sync runs, finds no face, and says so, line by line.
    expect(last['lip_sync']).toMatchObject({ engine: 'mouth-bank', synced: 0 });
    const lines = last['segments'] as { lip_sync?: { status: string; reason_text?: string } }[];
    expect(lines.every((line) => line.lip_sync?.status === 'skipped')).toBe(true);
    expect(lines[0]!.lip_sync!.reason_text).toBe('no face in view');
    expect(last['warnings']).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Lip sync could not be applied to any line: no face in view/)]),
    );
  });

  it('sends heartbeat comments while a job is running', async () => {
    const response = await post('/process-video', await form({ target_language: 'spa' }, { video }));
    const { comments } = parseSse(await response.text());
    expect(comments).toContain(': keep-alive');
  });

  it('honours a client that asks to close the connection (no forced keep-alive)', async () => {
    const encoded = new Response(await form({ target_language: 'spa' }, { video }));
    const body = Buffer.from(await encoded.arrayBuffer());
    const head =
      `POST /process-video HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
      `Content-Type: ${encoded.headers.get('content-type')}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(service.url).port), '127.0.0.1');
      let text = '';
      socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
      socket.write(head);
      socket.write(body);
    });
    const headers = answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase();
    expect(headers).toMatch(/^http\/1\.1 200/);
    expect(headers).toMatch(/content-type: text\/event-stream/);
    expect(headers).not.toMatch(/connection: keep-alive/);
    expect(headers).toMatch(/connection: close/);
    expect(answer).toMatch(/"phase":"Done"/);
  });

  it('streams a failure as {error, details, phase} and ends the stream', async () => {
    const quiet = join(dir, 'quiet.mp4');
    ffmpeg`-f lavfi -i testsrc2=size=160x120:rate=10 -f lavfi -i anoisesrc=amplitude=0.001 -t 3 -c:v libx264 -c:a aac ${quiet}`;
    const response = await post('/process-video', await form({ target_language: 'spa' }, { video: quiet }));
    const { events } = parseSse(await response.text());
    expect(events.at(-1)).toMatchObject({
      error: 'No speech found in this file',
      details: 'NoSpeech',
      phase: 'Finding speech',
    });
  });
});

describe('POST /process-audio-url', () => {
  it('fetches a loopback file (allowance on), dubs it and returns the source audio too', async () => {
    const response = await fetch(`${service.url}/process-audio-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${filesUrl}/speech.wav`, target_language: 'spa', backend: 'cascaded' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { audio: string; source_audio: string; transcripts: { target: string } };
    expect(Buffer.from(body.audio, 'base64').subarray(0, 4).toString()).toBe('RIFF');
    expect(Buffer.from(body.source_audio, 'base64').subarray(0, 4).toString()).toBe('RIFF');
    expect(body.transcripts.target).not.toBe('');
  });
});

describe('bad input gets a clear answer', () => {
  const text = (): string => {
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'just some text, not media');
    return path;
  };

  it.each([
    ['no file', '/translate', { target_language: 'spa' }, {}, 400, 'Please upload a file'],
    ['no language', '/translate', { backend: 'cascaded' }, { file: 'SPEECH' }, 400, 'Please select a target language'],
    ['no file (video)', '/process-video', { target_language: 'spa' }, {}, 400, 'Please upload a file'],
    [
      'a text file',
      '/translate',
      { target_language: 'spa' },
      { file: 'TEXT' },
      415,
      'Please upload a valid audio file',
    ],
    [
      'audio in video mode',
      '/process-video',
      { target_language: 'spa' },
      { video: 'SPEECH' },
      415,
      'Please upload a valid video file',
    ],
  ] as const)('%s', async (_name, path, fields, upload, status, message) => {
    const resolved = Object.fromEntries(Object.entries(upload).map(([k, v]) => [k, v === 'SPEECH' ? speech : text()]));
    const response = await post(path, await form(fields, resolved));
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: message });
  });

  it('lets a request name an engine, and names the valid ones for an unknown id', async () => {
    const named = await post(
      '/translate',
      await form({ target_language: 'spa', tts_engine: 'espeak-ng' }, { file: speech }),
    );
    expect(named.status).toBe(200);
    const unknown = await post(
      '/translate',
      await form({ target_language: 'spa', tts_engine: 'no-such-voice' }, { file: speech }),
    );
    expect(unknown.status).toBe(400);
    const voices = (await (await fetch(`${service.url}/api/engines`)).json()) as { tts: { id: string }[] };
    expect(voices.tts.map((engine) => engine.id)).toContain('espeak-ng');
    expect(((await unknown.json()) as { error: string }).error).toBe(
      `Unknown speech synthesis engine "no-such-voice". Valid engines: ${voices.tts.map((engine) => engine.id).join(', ')}.`,
    );
  });

  it('names the valid codes and backends', async () => {
    const language = await post('/translate', await form({ target_language: 'xx' }, { file: speech }));
    expect(language.status).toBe(400);
    expect(((await language.json()) as { error: string }).error).toMatch(
      /Valid codes: eng, cmn, yue, jpn, kor, fra, spa, deu, ita, rus, ell/,
    );
    const backend = await post('/translate', await form({ target_language: 'spa', backend: 'e2e' }, { file: speech }));
    expect(await backend.json()).toEqual({ error: 'Unknown backend "e2e". Valid backends: cascaded.' });
  });

  it('refuses the same language in and out on every route at once (400, the field named, what would work)', async () => {
    const jobCount = async (): Promise<number> =>
      ((await (await fetch(`${service.url}/api/jobs`)).json()) as { total: number }).total;
    const jobsBefore = await jobCount();
    const sameLanguage =
      /target_language\) are both English: a dub needs another language\. English can be dubbed into: .*Spanish \(spa\)/;
    const answers = [
      await post('/translate', await form({ target_language: 'eng' }, { file: speech })),
      await post('/translate', await form({ target_language: 'eng', source_language: 'eng' }, { file: speech })),
      await post('/process-video', await form({ target_language: 'eng' }, { video })),
      await post('/api/jobs', await form({ target_language: 'eng' }, { file: speech })),
      await fetch(`${service.url}/process-audio-url`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${filesUrl}/speech.wav`, target_language: 'eng' }),
      }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toMatch(sameLanguage);
    }
    // Nothing was stored: no job was created to fail later.
    expect(await jobCount()).toBe(jobsBefore);
  });

  it('refuses a pair no installed engine translates, saying which targets the source can reach', async () => {
    const srt = '1\n00:00:00,500 --> 00:00:02,000\nПривет всем.\n';
    const answer = await post(
      '/translate',
      await form({ target_language: 'kor', source_language: 'rus', subtitles: srt }, { file: speech }),
    );
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toMatch(
      /^No installed engine translates Russian to Korean \(target_language\)\. Russian can be dubbed into: /,
    );
  });

  it('answers 422 for a file with no audio track and for silence', async () => {
    const mute = join(dir, 'mute.mp4');
    ffmpeg`-f lavfi -i testsrc2=size=160x120:rate=10 -t 2 -c:v libx264 ${mute}`;
    const noAudio = await post('/translate', await form({ target_language: 'spa' }, { file: mute }));
    expect(noAudio.status).toBe(422);
    expect(((await noAudio.json()) as { error: string }).error).toMatch(/no audio stream/);
    const quiet = join(dir, 'quiet.wav');
    ffmpeg`-f lavfi -i anoisesrc=amplitude=0.001:duration=2 ${quiet}`;
    const silence = await post('/translate', await form({ target_language: 'spa' }, { file: quiet }));
    expect(silence.status).toBe(422);
    expect(await silence.json()).toEqual({ error: 'No speech found in this file' });
  });

  it('answers 422 "No speech found in this file" for game music, on the spec endpoint and as a failed job', async () => {
    const music = await post('/translate', await form({ target_language: 'spa' }, { file: GAME_MUSIC }));
    expect(music.status).toBe(422);
    expect(await music.json()).toEqual({ error: 'No speech found in this file' });
    const submitted = await post('/api/jobs', await form({ target_language: 'spa' }, { file: GAME_MUSIC }));
    expect(submitted.status).toBe(202);
    const { id } = (await submitted.json()) as { id: string };
    let job: { state: string; error?: { message: string; code: string }; result: unknown } = {
      state: 'queued',
      result: null,
    };
    for (let i = 0; i < 300 && !['failed', 'ready'].includes(job.state); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await (await fetch(`${service.url}/api/jobs/${id}`)).json()) as typeof job;
    }
    expect(job).toMatchObject({
      state: 'failed',
      error: { message: 'No speech found in this file', code: 'NoSpeech' },
    });
    expect(job.result).toBeNull();
  });

  it('leaves no request folders behind', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readdirSync(service.tempRoot)).toEqual([]);
  });
});
