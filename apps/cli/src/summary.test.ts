import { describe, expect, it } from 'vitest';
import type { DubRun, Segment, Timeline } from '@voxlate/core';
import { summarise } from './summary.js';

function line(id: number, speaker: string, voice: Segment['voice']): Segment {
  return {
    id,
    start: id * 3,
    end: id * 3 + 2,
    speaker,
    sourceText: 'Hola.',
    words: [],
    targetText: 'Hello.',
    quality: 'full',
    engines: { tts: voice?.mode === 'clone' ? 'pocket-tts' : 'espeak-ng' },
    ...(voice ? { voice } : {}),
  };
}

function run(segments: Segment[], voiceMode: Timeline['voiceMode']): DubRun {
  const timeline: Timeline = {
    sourceLanguage: 'spa',
    targetLanguage: 'eng',
    duration: 10,
    sampleRate: 16000,
    segments,
    warnings: [],
    ...(voiceMode ? { voiceMode } : {}),
  };
  return {
    timeline,
    output: 'out.wav',
    container: 'wav',
    stageSeconds: {},
    saved: { timeline, sourceTracks: [], stageSeconds: {} },
  };
}

const applied = { rate: 1, contour: true, energy: true, timbre: false, pauses: 0 };
const reference = { spans: [{ start: 0, end: 5 }], seconds: 5, from: 'original' as const };

describe('the summary of a dub', () => {
  it('says whose voices were cloned, and how many lines from their own speech', () => {
    const text = summarise(
      run(
        [
          line(0, 'S1', {
            mode: 'clone',
            baseVoice: 'pocket-tts: S1',
            reference: { kind: 'line', ...reference },
            ...applied,
          }),
          line(1, 'S2', {
            mode: 'clone',
            baseVoice: 'pocket-tts: S2',
            reference: { kind: 'speaker', ...reference },
            ...applied,
          }),
          line(2, 'S2', { mode: 'shaped', baseVoice: 'espeak-ng', ...applied }),
        ],
        'clone',
      ),
      1,
    );
    expect(text).toContain(
      "  voice: cloned (pocket-tts) for S1, S2; 1 of 2 lines from their own speech, the rest from their speaker's reference",
    );
  });

  it('says when the voices were shaped or plain instead', () => {
    const shaped = run([line(0, 'S1', { mode: 'shaped', baseVoice: 'espeak-ng', ...applied })], 'shaped');
    expect(summarise(shaped, 1)).toContain('  voice: shaped to each speaker');
    const neutral = run([line(0, 'S1', { mode: 'neutral', baseVoice: 'espeak-ng', ...applied })], 'neutral');
    expect(summarise(neutral, 1)).toContain('  voice: a plain voice per speaker');
  });
});
