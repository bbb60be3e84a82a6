import { describe, expect, it } from 'vitest';
import type { PcmAudio } from '../../audio.js';
import type { EngineResolver, Speech, Synthesiser } from '../../engine.js';
import type { ClipStore } from '../../media.js';
import type { Segment, Timeline } from '../../timeline.js';
import { DEFAULT_DUB_OPTIONS } from '../dub-request.js';
import type { StageContext } from '../stage-context.js';
import { synthesise } from './synthesise.js';

const tick = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A voice that takes a millisecond a character (lines finish out of order), counting who speaks at once. */
function slowVoice(linesAtOnce: number | undefined, failOn?: string) {
  const seen = { running: 0, peak: 0, spoken: [] as string[] };
  const voice: Synthesiser = {
    id: 'slow',
    kind: 'offline',
    name: 'slow',
    languages: ['spa'],
    timings: 'none',
    ...(linesAtOnce === undefined ? {} : { linesAtOnce }),
    async synthesise(text: string): Promise<Speech> {
      seen.peak = Math.max(seen.peak, ++seen.running);
      try {
        await tick(text.length);
        if (text === failOn) throw new Error(`the voice failed on "${text}"`);
        seen.spoken.push(text);
        // The line's length in samples, so each clip can be told apart.
        return { audio: { samples: new Float32Array(text.length * 100), sampleRate: 16000 }, phonemes: [] };
      } finally {
        seen.running--;
      }
    },
  };
  return { voice, seen };
}

function context(voice: Synthesiser, texts: string[]) {
  const clips = new Map<string, PcmAudio>();
  const store = {
    put: (key: string, audio: PcmAudio) => {
      clips.set(key, audio);
      return Promise.resolve({ key, sampleRate: audio.sampleRate, duration: audio.samples.length / audio.sampleRate });
    },
  } as unknown as ClipStore;
  const segments = texts.map(
    (targetText, id): Segment =>
      ({ id, start: id, end: id + 0.9, sourceText: 'x', targetText, engines: {} }) as unknown as Segment,
  );
  const timeline = {
    sourceLanguage: 'eng',
    targetLanguage: 'spa',
    duration: texts.length,
    sampleRate: 16000,
    segments,
    warnings: [],
  } as unknown as Timeline;
  const progress: number[] = [];
  const ctx = {
    request: { input: 'in', output: 'out', sourceLanguage: 'eng', targetLanguage: 'spa' },
    choices: { voice: { mode: 'preserve' } },
    options: DEFAULT_DUB_OPTIONS,
    ports: { engines: { synthesiser: () => Promise.resolve(voice) } as unknown as EngineResolver, clips: store },
    timeline,
    signal: undefined,
    voiceWork: { sourceTracks: new Map() },
    emit: () => undefined,
    progress: (_stage: string, done: number) => progress.push(done),
    warn: (_stage: string, message: string) => timeline.warnings.push(message),
  } as unknown as StageContext;
  return { ctx, segments, clips, progress };
}

const TEXTS = ['una línea bastante larga', 'corta', 'otra línea mediana', '', 'sí', 'la última de todas'];

describe('synthesise', () => {
  it('speaks as many lines at once as the engine takes, each clip on its own line', async () => {
    const { voice, seen } = slowVoice(2);
    const { ctx, segments, clips, progress } = context(voice, TEXTS);
    await synthesise(ctx);
    expect(seen.peak).toBe(2);
    // Short lines finished first, yet every line holds its own speech.
    expect(seen.spoken).not.toEqual(TEXTS.filter((text) => text !== ''));
    for (const segment of segments) {
      if (segment.targetText === '') expect(segment.speech).toBeUndefined();
      else expect(clips.get(segment.speech!.key)?.samples.length).toBe(segment.targetText.length * 100);
    }
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('speaks one line at a time for an engine that does not say it takes more', async () => {
    const { voice, seen } = slowVoice(undefined);
    const { ctx } = context(voice, TEXTS);
    await synthesise(ctx);
    expect(seen.peak).toBe(1);
    expect(seen.spoken).toEqual(TEXTS.filter((text) => text !== ''));
  });

  it('fails with the line that failed and starts no line after it', async () => {
    const { voice, seen } = slowVoice(2, 'corta');
    const { ctx } = context(voice, TEXTS);
    await expect(synthesise(ctx)).rejects.toThrow('the voice failed on "corta"');
    // The long first line, already running, ends; nothing after the failure starts.
    expect(seen.spoken).toEqual(['una línea bastante larga']);
    expect(seen.running).toBe(0);
  });
});
