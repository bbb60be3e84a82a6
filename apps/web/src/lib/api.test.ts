import { describe, expect, it } from 'vitest';
import { nonOkMessage, readEvents, StudioError, type VideoEvent } from './api.js';

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
