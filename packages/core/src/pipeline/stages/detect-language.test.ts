import { describe, expect, it } from 'vitest';
import type { AudioSource } from '../../audio.js';
import type { EngineResolver, LanguageDetector, LanguageGuess } from '../../engine.js';
import type { PipelineEvent } from '../../events.js';
import type { Timeline } from '../../timeline.js';
import { DEFAULT_DUB_OPTIONS, type DubRequest } from '../dub-request.js';
import type { StageContext } from '../stage-context.js';
import { detectSourceLanguage } from './detect-language.js';

const silence: AudioSource = {
  path: '/dev/null',
  sampleRate: 16000,
  duration: 1,
  read: () => Promise.resolve(new Float32Array(16000)),
  chunks: async function* () {},
};

function context(request: Partial<DubRequest>, guess: LanguageGuess | undefined) {
  const events: PipelineEvent[] = [];
  const timeline: Timeline = {
    sourceLanguage: 'eng',
    targetLanguage: 'spa',
    duration: 1,
    sampleRate: 16000,
    segments: [],
    warnings: [],
  };
  const detector: LanguageDetector | undefined = guess && {
    id: 'fake-whisper',
    kind: 'neural',
    name: 'fake',
    detectLanguage: () => Promise.resolve(guess),
  };
  const engines = { languageDetector: () => Promise.resolve(detector) } as unknown as EngineResolver;
  const ctx = {
    request: { input: 'in', output: 'out', sourceLanguage: 'auto', targetLanguage: 'spa', ...request },
    options: DEFAULT_DUB_OPTIONS,
    ports: { engines },
    timeline,
    signal: undefined,
    analysis: silence,
    emit: (event: PipelineEvent) => events.push(event),
    progress: () => undefined,
    warn: (_stage: string, message: string) => timeline.warnings.push(message),
  } as unknown as StageContext;
  return { ctx, timeline, events };
}

describe('detectSourceLanguage', () => {
  it('sets the detected language and reports it', async () => {
    const { ctx, timeline, events } = context({}, { language: 'fra', probability: 0.93 });
    await detectSourceLanguage(ctx);
    expect(timeline.sourceLanguage).toBe('fra');
    expect(events).toEqual([
      { type: 'language-detected', stage: 'recognise', language: 'fra', probability: 0.93, engine: 'fake-whisper' },
    ]);
    expect(timeline.warnings).toEqual([]);
  });

  it('says so when the detection is unsure', async () => {
    const { ctx, timeline } = context({}, { language: 'ita', probability: 0.31 });
    await detectSourceLanguage(ctx);
    expect(timeline.warnings).toEqual([
      'The speech was taken to be Italian, but the detection is unsure (31 %): name the source language if this is wrong.',
    ]);
  });

  it('refuses speech already in the target language', async () => {
    const { ctx } = context({}, { language: 'spa', probability: 0.9 });
    await expect(detectSourceLanguage(ctx)).rejects.toThrow(/already in Spanish/);
  });

  it('assumes English with a warning when nothing can detect, and leaves a named language alone', async () => {
    const none = context({}, undefined);
    await detectSourceLanguage(none.ctx);
    expect(none.timeline.sourceLanguage).toBe('eng');
    expect(none.timeline.warnings[0]).toMatch(/no Whisper model is installed/);
    const named = context({ sourceLanguage: 'deu' }, { language: 'fra', probability: 1 });
    await detectSourceLanguage(named.ctx);
    expect(named.timeline.sourceLanguage).toBe('eng');
    expect(named.events).toEqual([]);
  });
});
