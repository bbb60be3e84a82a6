import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeBytes, parseResponse } from './test/raw-http.js';
import { startService, waitFor, type RunningService } from './test/service-process.js';

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.stop());

/** Sends bytes as they are (no client library fixes them up) and reads the whole answer. */
async function exchange(bytes: string | Buffer): Promise<{ status: number; body: string }> {
  const answer = await exchangeBytes(new URL(service.url), bytes, { timeoutMs: 30_000 });
  return { status: answer.status, body: answer.body };
}

function post(path: string, contentType: string | undefined, body: string): Promise<{ status: number; body: string }> {
  const type = contentType === undefined ? '' : `Content-Type: ${contentType}\r\n`;
  return exchange(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${type}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

const form = (boundary: string, parts: string[]): string =>
  parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('') + `--${boundary}--\r\n`;
const field = (name: string, value: string, extra = ''): string =>
  `Content-Disposition: form-data; name="${name}"\r\n${extra}\r\n${value}`;
const upload = form('b0undary', [
  field('target_language', 'spa'),
  'Content-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nRIFF....WAVE',
]);

const cases: { name: string; send: () => Promise<{ status: number; body: string }>; status: number; error: RegExp }[] =
  [
    {
      name: 'multipart with no boundary',
      send: () => post('/translate', 'multipart/form-data', upload),
      status: 400,
      error: /has no boundary/,
    },
    {
      name: 'multipart with the wrong boundary',
      send: () => post('/translate', 'multipart/form-data; boundary=other', upload),
      status: 400,
      error: /ended before it was complete \(cut off, or its boundary does not match\)/,
    },
    {
      name: 'a truncated multipart body',
      send: () => post('/process-video', 'multipart/form-data; boundary=b0undary', upload.slice(0, 70)),
      status: 400,
      error: /ended before it was complete/,
    },
    {
      name: 'a form field typed as JSON that is not JSON',
      send: () =>
        post(
          '/translate',
          'multipart/form-data; boundary=x',
          form('x', [field('target_language', '{spa', 'Content-Type: application/json\r\n')]),
        ),
      status: 400,
      error: /declared as JSON .* but is not valid JSON/,
    },
    {
      name: 'a body with no content type',
      send: () => post('/translate', undefined, 'hello'),
      status: 415,
      error:
        /does not take \(no Content-Type\)\. Send multipart\/form-data with the fields "file" and "target_language"\./,
    },
    {
      name: 'a url-encoded form',
      send: () => post('/process-video', 'application/x-www-form-urlencoded', 'a=b'),
      status: 415,
      error: /"video" and "target_language"/,
    },
    {
      name: 'text where JSON is expected',
      send: () => post('/process-audio-url', 'text/plain', 'http://example.com/a.mp3'),
      status: 415,
      error: /not JSON\. Send a JSON object/,
    },
    {
      name: 'JSON that does not parse',
      send: () => post('/process-audio-url', 'application/json', '{"url": '),
      status: 400,
      error: /not valid JSON\. Send a JSON object/,
    },
    {
      name: 'a JSON array',
      send: () => post('/process-audio-url', 'application/json', '["http://example.com/a.mp3"]'),
      status: 400,
      error: /JSON but not an object/,
    },
    {
      // 64 KB for the fields and 2 MB for a link's subtitles.
      name: 'a JSON body over 2112 KB',
      send: () => post('/process-audio-url', 'application/json', JSON.stringify({ url: 'x'.repeat(2112 * 1024 + 10) })),
      status: 413,
      error: /^The request body is larger than 2112 KB/,
    },
    {
      name: 'JSON nested 50 000 deep (its refusal quoted it and overflowed the stack: a 500)',
      send: () => post('/process-audio-url', 'application/json', `${'['.repeat(50_000)}${']'.repeat(50_000)}`),
      status: 400,
      error: /JSON but not an object/,
    },
    {
      name: 'a 70 KB link in JSON (was fetched: the size rule of form fields now holds for JSON too)',
      send: () =>
        post(
          '/process-audio-url',
          'application/json',
          JSON.stringify({ url: `https://example.com/${'a'.repeat(70_000)}`, target_language: 'spa' }),
        ),
      status: 413,
      error: /^The field "url" is longer than 4 KB, the most it may hold\.$/,
    },
    {
      name: 'a 1 MB language field (was cut at 64 KB and echoed back)',
      send: () =>
        post(
          '/translate',
          'multipart/form-data; boundary=x',
          form('x', [field('target_language', 'x'.repeat(1024 * 1024))]),
        ),
      status: 413,
      error: /^The field "target_language" is longer than 4 KB, the most it may hold\.$/,
    },
    {
      name: 'subtitles over 2 MB as a text field (were cut at 64 KB with a 200)',
      send: () =>
        post(
          '/translate',
          'multipart/form-data; boundary=x',
          form('x', [field('subtitles', '1\n00:00:01,000 --> 00:00:02,000\nhi\n\n'.repeat(60_000))]),
        ),
      status: 413,
      error: /^The field "subtitles" is longer than 2 MB/,
    },
    {
      name: 'an unknown language named by a long value',
      send: () =>
        post(
          '/translate',
          'multipart/form-data; boundary=x',
          form('x', [
            field('target_language', 'q'.repeat(3000)),
            'Content-Disposition: form-data; name="file"; filename="a"\r\n\r\nxx',
          ]),
        ),
      status: 400,
      error: /^Unknown target_language "q{60}…"\. Valid codes/,
    },
    {
      name: 'a broken chunked body',
      send: () =>
        exchange(
          'POST /translate HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n',
        ),
      status: 400,
      error: /not valid chunked encoding/,
    },
    {
      name: 'a request line that is not HTTP',
      send: () => exchange('HELLO THERE\r\n\r\n'),
      status: 400,
      error: /not valid HTTP/,
    },
  ];

describe('malformed requests get a 4xx and a JSON error that says what was wrong', () => {
  it.each(cases)('$name', async ({ send, status, error }) => {
    const answer = await send();
    expect(answer.status).toBe(status);
    const body = JSON.parse(answer.body) as { error: string };
    expect(body.error).toMatch(error);
    expect(answer.body.length).toBeLessThan(400);
  });
});

describe('a refused body that is still arriving', () => {
  it('is read to its end before the refusal is sent, so the client is never reset before it can read it', async () => {
    const base = new URL(service.url);
    const size = 2200 * 1024;
    const socket = connect({ host: base.hostname, port: Number(base.port) });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const writeErrors: string[] = [];
    socket.on('error', (error: NodeJS.ErrnoException) => writeErrors.push(error.code ?? error.message));
    socket.write(
      `POST /process-audio-url HTTP/1.1\r\nHost: ${base.host}\r\nConnection: close\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
    );
    // The declared length is refused at once; the body keeps coming, as from a client that is
    // still uploading when the answer is ready.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const piece = Buffer.alloc(64 * 1024, 'x');
    for (let sent = 0; sent < size; sent += piece.length) {
      // Written whatever the server has done, as an uploading client does: had the server closed
      // the connection on answering, these writes would fail (EPIPE) and a reset could erase
      // the answer before the client read it (RFC 9112, 9.6).
      await new Promise<void>((resolve) =>
        socket.write(piece.subarray(0, Math.min(piece.length, size - sent)), (error) => {
          if (error) writeErrors.push((error as NodeJS.ErrnoException).code ?? error.message);
          resolve();
        }),
      );
    }
    await closed;
    expect(writeErrors).toEqual([]);
    const answer = parseResponse(Buffer.concat(chunks));
    expect(answer.status).toBe(413);
    expect((JSON.parse(answer.body) as { error: string }).error).toMatch(/^The request body is larger than 2112 KB/);
  });
});

describe('a request whose body breaks in the packet that carries its head', () => {
  // Node's parser refuses the body (400) and closes the socket before any handler runs; a
  // handler that then waited for the body's 'close' waited for ever, with its request folder.
  it.each(['/translate', '/process-video', '/api/jobs'])(
    'leaves no request folder and no handler waiting on %s',
    async (path) => {
      const head = `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n\r\n`;
      for (let i = 0; i < 3; i++) expect((await exchange(`${head}zz\r\nabc\r\n0\r\n\r\n`)).status).toBe(400);
      // The folder, when one is left, is made a moment after the answer: look once it would be there.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await waitFor(() => readdirSync(service.tempRoot).length === 0, 10_000).catch(() => undefined);
      expect(readdirSync(service.tempRoot)).toEqual([]);
    },
    20_000,
  );
});
