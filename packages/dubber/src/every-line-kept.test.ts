import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DUB_OPTIONS, placedSpan, timelineCues, type LanguageCode } from '@voxlate/core';
import { defaultRegistries } from '@voxlate/engines';
import { argv } from '@voxlate/media';
import { ModelManager } from '@voxlate/models';
import { Dubber } from './dubber.js';
import { decodedSamples, durationOf, makeSpeechWav, makeVideo } from './test/make-media.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-every-line-'));
const jobRoot = mkdtempSync(join(tmpdir(), 'voxlate-every-line-jobs-'));
const noModels = new ModelManager({ root: join(dir, 'models'), hubBase: 'http://127.0.0.1:9', offline: true });
const dubber = new Dubber(
  { tempRoot: jobRoot, options: DEFAULT_DUB_OPTIONS, dataDir: join(dir, 'data') },
  defaultRegistries(noModels),
);
let fastTalk = '';

/** A fast speaker with short pauses and almost no silence after the last line: the dub cannot fit. */
const FAST_LINES = [
  'Welcome back everybody, today we are testing a brand new camera.',
  'It records in four kay at sixty frames every second.',
  'The battery lasts about three hours when you film outside.',
  'Let me know in the comments what you would like to see next.',
];

beforeAll(async () => {
  const wav = await makeSpeechWav(dir, FAST_LINES, 'fast.wav', { rate: 1.7, pauseSeconds: 0.55 });
  fastTalk = makeVideo(dir, wav, 'fast.mp4');
});
afterAll(async () => {
  await dubber.close();
  for (const folder of [dir, jobRoot]) rmSync(folder, { recursive: true, force: true });
});

function streamSeconds(path: string, stream: string): number {
  const shown = execFileSync(
    'ffprobe',
    argv`-v error -select_streams ${stream} -show_entries stream=duration -of csv=p=0 ${path}`,
  );
  return Number(shown.toString().trim());
}

/** RMS of the decoded output between two times (mono mix at 16 kHz). */
function rmsBetween(samples: Float32Array, rate: number, start: number, end: number): number {
  const from = Math.max(0, Math.floor(start * rate));
  const to = Math.min(samples.length, Math.ceil(end * rate));
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

describe('a dub that needs more time than the media has', () => {
  it.each<LanguageCode>(['jpn', 'kor'])(
    'keeps every line of a fast English clip dubbed into %s: the output grows, nothing is cut',
    async (target) => {
      const output = join(dir, `fast.${target}.mp4`);
      // eSpeak NG's Japanese runs long here (Open JTalk's fits this clip): the voice that makes the dub overrun.
      const engines = { tts: 'espeak-ng' };
      const run = await dubber.dub({ input: fastTalk, output, sourceLanguage: 'eng', targetLanguage: target, engines });
      const { timeline } = run;
      const outputSeconds = durationOf(output);
      const spoken = timeline.segments.filter((segment) => segment.targetText.trim() !== '');
      expect(spoken.length).toBeGreaterThanOrEqual(3);
      const lastDubEnd = Math.max(...spoken.map((segment) => placedSpan(segment)?.end ?? 0));
      const grew = timeline.warnings.some((w) => /^Output \d+\.\d s longer than the input/.test(w));
      // Japanese runs longest here: this clip's dub cannot fit, so the output must grow and say so.
      if (target === 'jpn') expect(lastDubEnd).toBeGreaterThan(timeline.duration);
      if (lastDubEnd > timeline.duration) {
        expect(timeline.outputDuration).toBeGreaterThan(lastDubEnd);
        expect(grew).toBe(true);
        expect(outputSeconds).toBeGreaterThan(lastDubEnd);
        // The picture holds its last frame until the audio ends.
        expect(streamSeconds(output, 'v:0')).toBeGreaterThan(outputSeconds - 0.15);
      } else expect(grew).toBe(false);

      const cues = timelineCues(timeline, 'target');
      const lastCueEnd = Math.max(...cues.map((cue) => cue.end));
      expect(outputSeconds + 0.05).toBeGreaterThanOrEqual(lastCueEnd);
      const rate = 16000;
      const samples = decodedSamples(output, rate);
      for (const segment of spoken) {
        const span = placedSpan(segment);
        expect(span, `line ${segment.id} was placed`).toBeDefined();
        // Every line has a cue inside the stretch where its dub is heard.
        expect(cues.some((cue) => cue.start >= span!.start - 0.01 && cue.start < span!.end)).toBe(true);
        // The whole dubbed line is in the file, and its last stretch is really heard, not cut to silence.
        expect(span!.end).toBeLessThanOrEqual(outputSeconds + 0.05);
        expect(rmsBetween(samples, rate, span!.end - 0.4, span!.end)).toBeGreaterThan(0.003);
      }
    },
    240_000,
  );
});
