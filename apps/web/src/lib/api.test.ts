import { describe, expect, it, vi } from 'vitest';
import { nonOkMessage, readEvents, StudioError, translateAudio, type VideoEvent } from './api.js';

const stream = (...chunks: string[]): ReadableStream<Uint8Array> =>
  new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

describe('error catalogue (spec section 8)', () => {
  it('shows the body error, else "Server error: {status}", else "Request failed: {statusText}"', async () => {
    expect(await nonOkMessage(new Response(JSON.stringify({ error: 'File max 150MB' }), { status: 413 }))).toBe(
      'File max 150MB',
    );
    expect(await nonOkMessage(new Response('<html>', { status: 502 }))).toBe('Server error: 502');
    expect(await nonOkMessage(new Response('{}', { status: 500, statusText: 'Internal Server Error' }))).toBe(
      'Request failed: Internal Server Error',
    );
  });
});

describe('readEvents', () => {
  it('reads events split across chunks, skipping comments', async () => {
    const events: VideoEvent[] = [];
    await readEvents(
      stream(
        'data: {"progress":1,"phase":"Tr',
        'anscribing"}\n\n: keep-alive\n\n',
        'data: {"progress":100,"result":"AA=="}\n\n',
      ),
      (e) => events.push(e),
    );
    expect(events).toEqual([
      { progress: 1, phase: 'Transcribing' },
      { progress: 100, result: 'AA==' },
    ]);
  });

  it('stops at a streamed error', async () => {
    const events: VideoEvent[] = [];
    await readEvents(
      stream('data: {"error":"No speech","details":"NoSpeech","phase":"Finding speech"}\n\ndata: {"progress":50}\n\n'),
      (e) => events.push(e),
    );
    expect(events).toEqual([{ error: 'No speech', details: 'NoSpeech', phase: 'Finding speech' }]);
  });

  it('fails with "Error processing server response." on a broken event', async () => {
    await expect(readEvents(stream('data: {not json\n\n'), () => undefined)).rejects.toThrow(
      new StudioError('Error processing server response.'),
    );
  });
});

describe('what the studio sends', () => {
  it('sends the speaker count and bilingual subtitles with a file and with a link only when the creator chose them', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const fetchMock = vi.fn((url: string, init: RequestInit) => {
      sent.push({ url, body: init.body });
      return Promise.resolve(
        new Response(JSON.stringify({ audio: 'UklGRg==', transcripts: { source: '', target: '' } })),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    try {
      const file = new File(['x'], 'talk.wav', { type: 'audio/wav' });
      await translateAudio(file, 'spa', {
        speakers: 2,
        bilingualSubtitles: true,
        glossaryId: '0123456789abcdef',
        duckDb: 18,
        speakerVoices: { S1: 'a1b2c3d4e5f60718', S2: 'Guest' },
      });
      await translateAudio(file, 'spa', {});
    } finally {
      vi.unstubAllGlobals();
    }
    expect((sent[0]!.body as FormData).get('speakers')).toBe('2');
    expect((sent[1]!.body as FormData).get('speakers')).toBeNull();
    expect((sent[0]!.body as FormData).get('bilingual_subtitles')).toBe('true');
    expect((sent[0]!.body as FormData).get('glossary_id')).toBe('0123456789abcdef');
    expect((sent[0]!.body as FormData).get('duck_db')).toBe('18');
    expect((sent[0]!.body as FormData).get('speaker_voices')).toBe('S1=a1b2c3d4e5f60718;S2=Guest');
    expect((sent[1]!.body as FormData).get('bilingual_subtitles')).toBeNull();
  });
});
