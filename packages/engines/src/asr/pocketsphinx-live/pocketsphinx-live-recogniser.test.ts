import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EngineUnavailable, wordErrorRate, type LiveRecognition } from '@voxlate/core';
import { LIBRIVOX_LINES } from '../../test/audio-fixtures.js';
import { PocketsphinxLiveRecogniser } from './pocketsphinx-live-recogniser.js';

const LINES = LIBRIVOX_LINES;
const SHORT = LINES[1]!.path;

function samplesOf(path: string): Float32Array {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-ac', '1', '-ar', '16000', '-f', 's16le', '-']);
  const samples = new Float32Array(raw.length / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = raw.readInt16LE(i * 2) / 32768;
  return samples;
}

/** Feeds a line in 40 ms frames, as a live client sends them. */
function feedLine(recognition: LiveRecognition, samples: Float32Array): void {
  recognition.startLine();
  for (let i = 0; i < samples.length; i += 640) recognition.feed(samples.subarray(i, i + 640));
}

describe('PocketsphinxLiveRecogniser', () => {
  it('decodes real speech as it arrives: partial text while a line is spoken, then its timed words', async () => {
    const partials: string[] = [];
    const recognition = await new PocketsphinxLiveRecogniser().open('eng', {}, (text) => partials.push(text));
    try {
      const heard: string[] = [];
      // The five LibriVox lines one after another through one decoder, as a live speaker says them.
      for (const [i, { path }] of LINES.entries()) {
        const clip = samplesOf(path);
        const before = partials.length;
        feedLine(recognition, clip);
        const line = await recognition.endLine();
        heard.push(line.text);
        // Partials came while the line was fed, and the early ones hold fewer words than the line.
        expect(partials.length - before).toBeGreaterThan(2);
        expect(partials[before]!.split(' ').length).toBeLessThan(line.words.length);
        for (const word of line.words) {
          expect(word.start).toBeGreaterThanOrEqual(0);
          expect(word.end).toBeGreaterThan(word.start);
          expect(word.end).toBeLessThanOrEqual(clip.length / 16000 + 0.02);
          expect(word.text).not.toMatch(/[<([]/);
        }
        // Times are from the line's own start: every line's first word is near it.
        expect(line.words[0]!.start, `line ${i}`).toBeLessThan(1);
      }
      // The batch decoder scores 23 % on these; the streaming pass alone 32 %, the whole-line pass 22.5 %.
      expect(wordErrorRate(LINES.map((line) => line.text).join(' '), heard.join(' '))).toBeLessThan(0.27);
    } finally {
      await recognition.close();
    }
  });

  it('rejects a line it can no longer answer when the decoder dies, and says why', async () => {
    const recognition = await new PocketsphinxLiveRecogniser().open('eng', {}, () => undefined);
    feedLine(recognition, samplesOf(SHORT).subarray(0, 16000));
    // The decoder is this test process's only one (each test file has its own process): kill it as
    // the system would under memory pressure.
    const pid = execFileSync('pgrep', ['-n', '-P', String(process.pid), '-f', 'pocketsphinx_decoder.py']).toString();
    process.kill(Number(pid.trim()), 'SIGKILL');
    await expect(recognition.endLine()).rejects.toThrow(EngineUnavailable);
    await expect(recognition.endLine()).rejects.toThrow(/stopped/);
    await recognition.close();
  });

  it('stops its decoder when the stream is cancelled', async () => {
    const abort = new AbortController();
    const recognition = await new PocketsphinxLiveRecogniser().open('eng', { signal: abort.signal }, () => undefined);
    recognition.startLine();
    abort.abort();
    await expect(recognition.endLine()).rejects.toThrow(EngineUnavailable);
    await recognition.close();
  });
});
