import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonWithMedia } from './json-with-media.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-json-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function collect(pieces: AsyncIterable<string>): Promise<{ text: string; longest: number }> {
  let text = '';
  let longest = 0;
  for await (const piece of pieces) {
    text += piece;
    longest = Math.max(longest, piece.length);
  }
  return { text, longest };
}

describe('jsonWithMedia', () => {
  it.each([0, 1, 2, 3, 4, 196_607, 196_608, 196_609, 1_000_003])(
    'encodes a file of %i bytes exactly as one base64 field of valid JSON',
    async (size) => {
      const bytes = randomBytes(size);
      const path = join(dir, `file-${size}`);
      writeFileSync(path, bytes);
      const { text } = await collect(jsonWithMedia({ audio: path }, { transcripts: { source: 'a "b"' }, n: 1 }));
      const parsed = JSON.parse(text) as { audio: string; transcripts: unknown; n: number };
      expect(Buffer.from(parsed.audio, 'base64').equals(bytes)).toBe(true);
      expect(parsed.transcripts).toEqual({ source: 'a "b"' });
      expect(parsed.n).toBe(1);
    },
  );

  it('puts several files and no other field in one object', async () => {
    writeFileSync(join(dir, 'a'), 'hello');
    writeFileSync(join(dir, 'b'), 'world!');
    const { text } = await collect(jsonWithMedia({ audio: join(dir, 'a'), source_audio: join(dir, 'b') }, {}));
    expect(JSON.parse(text)).toEqual({ audio: 'aGVsbG8=', source_audio: 'd29ybGQh' });
  });

  it('never builds one string for a file whose base64 would pass the longest string V8 allows', async () => {
    // 400 MB encodes to 533 MB of text: readFile().toString('base64') threw RangeError here.
    const path = join(dir, 'huge.wav');
    writeFileSync(path, '');
    truncateSync(path, 400 * 1024 * 1024);
    let characters = 0;
    let longest = 0;
    for await (const piece of jsonWithMedia({ audio: path }, { ok: true })) {
      characters += piece.length;
      longest = Math.max(longest, piece.length);
    }
    expect(characters).toBe(Math.ceil((400 * 1024 * 1024) / 3) * 4 + '{"audio":"'.length + '","ok":true}'.length);
    expect(longest).toBeLessThanOrEqual(4 * 64 * 1024);
  });
});
