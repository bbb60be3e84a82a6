import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WavWriter, wavWriterTakes } from './wav-writer.js';
import { wavLayout } from './wav-layout.js';

/** The tags a dub carries (see outputTags), one of them long and not ASCII. */
const TAGS = {
  comment:
    'Synthetic speech: dubbed by Voxlate 0.1.0 (eng -> spa). Engines: tts piper, voz «neutra». 2026-12-02T10:00:00.000Z',
  description: 'Synthetic speech: dubbed by Voxlate 0.1.0 (eng -> spa)',
  originator: 'Voxlate 0.1.0',
  origination_date: '2026-12-02',
  origination_time: '10:00:00',
  coding_history: 'A=PCM,T=Voxlate 0.1.0 dub eng>spa',
  date: '2026-12-02',
};
const dir = mkdtempSync(join(tmpdir(), 'voxlate-wav-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function tagsOf(path: string): Record<string, string> {
  const json = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format_tags', '-of', 'json', path]).toString();
  const tags = (JSON.parse(json) as { format: { tags: Record<string, string> } }).format.tags;
  delete tags.encoder;
  return tags;
}

function samplesOf(path: string): Buffer {
  return execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-f', 's16le', '-']);
}

describe('WAV writer', () => {
  it('writes what ffmpeg writes for the same frames and tags: samples, format and every tag', async () => {
    const rate = 22050;
    const frames = Float32Array.from({ length: rate * 2 * 2 }, (_, i) => 0.9 * Math.sin(i / 7) + (i % 2 ? 0.2 : -0.2));
    frames[10] = 1.5; // over full scale: clipped, as ffmpeg clips
    const raw = join(dir, 'frames.f32');
    writeFileSync(raw, Buffer.from(frames.buffer));
    const theirs = join(dir, 'ffmpeg.wav');
    const metadata = Object.entries(TAGS).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
    const input = ['-f', 'f32le', '-ar', String(rate), '-ac', '2', '-i', raw];
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      ...input,
      '-c:a',
      'pcm_s16le',
      ...metadata,
      '-write_bext',
      '1',
      theirs,
    ]);

    const ours = join(dir, 'ours.wav');
    const writer = await WavWriter.create(ours, { sampleRate: rate, channels: 2 }, TAGS);
    // In uneven parts, as the limiter hands them over.
    await writer.write(frames.subarray(0, 1001 * 2));
    await writer.write(frames.subarray(1001 * 2));
    await writer.close();

    expect(tagsOf(ours)).toEqual(tagsOf(theirs));
    expect(samplesOf(ours).equals(samplesOf(theirs))).toBe(true);
    expect(await wavLayout(ours)).toMatchObject({
      formatTag: 1,
      channels: 2,
      sampleRate: rate,
      bitsPerSample: 16,
      dataBytes: frames.length * 2,
    });
  });

  it('takes only the tags it knows how to place', () => {
    expect(wavWriterTakes(TAGS)).toBe(true);
    expect(wavWriterTakes({ ...TAGS, album: 'x' })).toBe(false);
  });
});
