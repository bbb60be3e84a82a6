import { describe, expect, it } from 'vitest';
import type { Segment } from '../timeline.js';
import { assignSpeakers } from './assign-speakers.js';
import { chooseVoices, formantScaleFor } from './choose-voices.js';
import { transferContour } from './contour-transfer.js';
import { lineSettings } from './line-settings.js';
import { countSyllables } from './syllables.js';
import type { BaseVoice, ProsodyTrack, SpeakerVoice } from './voice-types.js';

const segment = (id: number, start: number, end: number): Segment => ({
  id,
  start,
  end,
  sourceText: '',
  words: [],
  targetText: '',
  quality: 'full',
  engines: {},
});

describe('assignSpeakers', () => {
  it('cuts a segment where the speaker changes, and names speakers S1, S2', () => {
    const turns = [
      { start: 0, end: 3, speaker: 0 },
      { start: 3, end: 6, speaker: 1 },
      { start: 7, end: 9, speaker: 0 },
    ];
    const result = assignSpeakers([segment(0, 0, 6), segment(1, 7, 9)], turns, true);
    expect(result.map((s) => [s.id, s.start, s.end, s.speaker])).toEqual([
      [0, 0, 3, 'S1'],
      [1, 3, 6, 'S2'],
      [2, 7, 9, 'S1'],
    ]);
  });

  it('does not cut a subtitle line, or leave a piece under 0.8 s', () => {
    const turns = [
      { start: 0, end: 4, speaker: 0 },
      { start: 4, end: 6, speaker: 1 },
    ];
    expect(assignSpeakers([segment(0, 0, 6)], turns, false).map((s) => s.speaker)).toEqual(['S1']);
    const brief = [
      { start: 0, end: 5.6, speaker: 1 },
      { start: 5.6, end: 6, speaker: 0 },
    ];
    expect(assignSpeakers([segment(0, 0, 6)], brief, true).map((s) => [s.start, s.end, s.speaker])).toEqual([
      [0, 6, 'S2'],
    ]);
  });
});

const voice = (id: string, hz: number): BaseVoice => ({
  id,
  name: id,
  f0MedianHz: hz,
  f0ReachHz: [hz * 0.7, hz * 1.7],
});
const VOICES = [voice('m1', 97), voice('m3', 99), voice('f2', 190), voice('f3', 198)];
const speaker = (name: string, hz: number | undefined, seconds = 10): Omit<SpeakerVoice, 'voice'> => ({
  speaker: name,
  voicedSeconds: seconds,
  ...(hz === undefined ? {} : { f0MedianHz: hz, f0RangeSemitones: 6 }),
});

describe('chooseVoices', () => {
  it('gives each speaker the nearest free voice of their register, set to their pitch', () => {
    const chosen = chooseVoices([speaker('S1', 105), speaker('S2', 210), speaker('S3', 120, 3)], VOICES, 'shaped');
    expect(chosen.map((s) => s.voice.voice)).toEqual(['m3', 'f3', 'm1']);
    expect(chosen[0]!.voice).toMatchObject({ pitchHz: 105, rangeSemitones: 6 });
  });

  it('repeats a voice of the right register rather than give a man a high voice, set apart by pitch when neutral', () => {
    const chosen = chooseVoices([speaker('S1', 100), speaker('S2', 110), speaker('S3', 120)], VOICES, 'neutral');
    expect(chosen.map((s) => s.voice.voice).every((id) => id?.startsWith('m'))).toBe(true);
    // Two share a voice and are each set to their own pitch; the third has a voice of their own, plain.
    expect(chosen.map((s) => s.voice.pitchHz)).toEqual([100, undefined, 120]);
  });

  it('goes by a voice’s sex where the engine says it, and keeps two speakers on one voice apart', () => {
    const sexed = [
      { ...voice('low-woman', 150), gender: 'female' as const },
      { ...voice('high-man', 170), gender: 'male' as const },
    ];
    const [man, woman] = chooseVoices([speaker('S1', 110), speaker('S2', 215)], sexed, 'shaped');
    expect([man!.voice.voice, woman!.voice.voice]).toEqual(['high-man', 'low-woman']);
    // One voice for two people (SVOX Pico's Spanish): the second is set to their own pitch even unshaped.
    const only = [{ ...voice('es-ES', 168), gender: 'female' as const }];
    const plain = chooseVoices([speaker('S1', 110, 20), speaker('S2', 215, 10)], only, 'neutral');
    expect(plain.map((s) => [s.voice.voice, s.voice.pitchHz])).toEqual([
      ['es-ES', 110],
      ['es-ES', 215],
    ]);
  });

  it('scales the voice toward the speaker by their F2 and F3, within bounds, and only when shaping', () => {
    expect(formantScaleFor([600, 1650, 2750], [500, 1500, 2500])).toBe(1.1);
    // F1 alone differing (another vowel set) moves nothing; so does a voice already within a step.
    expect(formantScaleFor([800, 1500, 2500], [500, 1500, 2500])).toBeUndefined();
    expect(formantScaleFor([500, 1400, 2300], [500, 1800, 3000])).toBe(0.88);
    expect(formantScaleFor(undefined, [500, 1500, 2500])).toBeUndefined();
    const measured = { ...speaker('S1', 105), formantsHz: [560, 1320, 2200] };
    const voices = VOICES.map((v) => ({ ...v, formantsHz: [500, 1500, 2500] }));
    expect(chooseVoices([measured], voices, 'shaped')[0]!.voice.formantScale).toBe(0.88);
    expect(chooseVoices([measured], voices, 'neutral')[0]!.voice.formantScale).toBeUndefined();
  });
});

describe('lineSettings', () => {
  const s1: SpeakerVoice = { ...speaker('S1', 100), syllablesPerSecond: 4.5, voice: { voice: 'm1', pitchHz: 100 } };
  it('speaks a fast line faster, a slow one slower, and keeps its pauses at the same share', () => {
    const fast = lineSettings(
      s1,
      { voicedSeconds: 2, syllablesPerSecond: 5.4, pauses: [{ at: 1, seconds: 0.4 }] },
      2,
      'uno dos tres cuatro',
      'shaped',
      'eng',
    );
    const slow = lineSettings(
      s1,
      { voicedSeconds: 2, syllablesPerSecond: 3.6, pauses: [] },
      2,
      'uno dos',
      'shaped',
      'eng',
    );
    expect(fast.rate).toBeGreaterThan(1.1);
    expect(slow.rate).toBeLessThan(0.9);
    expect(fast.pauses).toEqual([{ afterWord: 1, seconds: 0.4 }]);
    expect(
      lineSettings(s1, { voicedSeconds: 2, syllablesPerSecond: 5.4, pauses: [] }, 2, 'x', 'neutral', 'eng'),
    ).toEqual(s1.voice);
  });

  it('judges a speaker’s pace by their own language’s: a Spanish speaker at 5.7 syllables a second is not fast', () => {
    const spanish: SpeakerVoice = { ...s1, syllablesPerSecond: 5.7 };
    const line = { voicedSeconds: 2, syllablesPerSecond: 5.7, pauses: [] };
    expect(lineSettings(spanish, line, 2, 'uno dos', 'shaped', 'spa').rate).toBe(1);
    // Judged as English, the same speaker was dubbed 20 % faster (the old rule).
    expect(lineSettings(spanish, line, 2, 'uno dos', 'shaped', 'eng').rate).toBe(1.2);
    // Mandarin is said with fewer syllables a second: 4.5 is a quick Mandarin speaker.
    expect(
      lineSettings({ ...s1, syllablesPerSecond: 4.5 }, { ...line, syllablesPerSecond: 4.5 }, 2, '你好', 'shaped', 'cmn')
        .rate,
    ).toBeGreaterThan(1.1);
  });
});

function track(f0: (i: number) => number, frames = 200): ProsodyTrack {
  return {
    hopSeconds: 0.01,
    f0Hz: Float32Array.from({ length: frames }, (_, i) => f0(i)),
    energyDb: Float32Array.from({ length: frames }, (_, i) => (f0(i) > 0 ? -20 - (i % 50 < 25 ? 0 : 6) : -90)),
  };
}

describe('transferContour', () => {
  it('carries loudness over the whole spoken line, voiced or not', () => {
    // The source opens with 0.6 s of loud unvoiced speech ("Sss..."), then speaks on, quieter.
    const source: ProsodyTrack = {
      hopSeconds: 0.01,
      f0Hz: Float32Array.from({ length: 200 }, (_, i) => (i < 60 ? 0 : 110)),
      energyDb: Float32Array.from({ length: 200 }, (_, i) => (i < 60 ? -15 : -30)),
    };
    const dub = track(() => 120, 150);
    dub.energyDb.fill(-20);
    const plan = transferContour({ track: source, speakerHz: 110 }, { track: dub, isQuestion: false });
    expect(plan.gainDb![10]! - plan.gainDb![120]!).toBeGreaterThan(6);
  });

  it('makes a line as much louder or softer than the voice’s others as the source line is, within 10 dB', () => {
    const source = track(() => 110);
    const dub = track(() => 120, 150);
    const mean = (gain: Float32Array): number => gain.reduce((a, b) => a + b, 0) / gain.length;
    const level = (lineLoudnessDb?: number): number =>
      mean(
        transferContour(
          { track: source, speakerHz: 110, ...(lineLoudnessDb === undefined ? {} : { lineLoudnessDb }) },
          { track: dub, isQuestion: false },
        ).gainDb!,
      );
    expect(level(6) - level(0)).toBeCloseTo(6, 3);
    expect(level(-4) - level(0)).toBeCloseTo(-4, 3);
    expect(level(25) - level(0)).toBeCloseTo(10, 3);
  });

  it('brings every dubbed line to one level before, so a line the voice read louder is not louder in the dub', () => {
    const source = track(() => 110);
    const dubAt = (offsetDb: number): ProsodyTrack => {
      const dub = track(() => 120, 150);
      return { ...dub, energyDb: dub.energyDb.map((db) => (db > -90 ? db + offsetDb : db)) };
    };
    const meanLevel = (dub: ProsodyTrack, lineLoudnessDb: number): number => {
      const gain = transferContour(
        { track: source, speakerHz: 110, lineLoudnessDb },
        { track: dub, isQuestion: false },
      ).gainDb!;
      const levels = Array.from(dub.energyDb, (db, i) => db + gain[i]!).filter((_, i) => dub.energyDb[i]! > -90);
      return levels.reduce((a, b) => a + b, 0) / levels.length;
    };
    // Read 4 dB apart by the voice, the same in the dub; a source line 3 dB up stays 3 dB up.
    expect(meanLevel(dubAt(2), 0) - meanLevel(dubAt(-2), 0)).toBeCloseTo(0, 1);
    expect(meanLevel(dubAt(2), 3) - meanLevel(dubAt(-2), 0)).toBeCloseTo(3, 1);
  });

  it('lays a rising source line on a flat dub, at the source line level', () => {
    const rising = track((i) => 100 * 2 ** ((i - 100) / 12 / 25));
    const flat = track(() => 120, 150);
    const plan = transferContour({ track: rising, speakerHz: 100 }, { track: flat, isQuestion: false });
    expect(plan.f0Hz[10]!).toBeLessThan(plan.f0Hz[75]!);
    expect(plan.f0Hz[75]!).toBeLessThan(plan.f0Hz[140]!);
    expect(plan.f0Hz[75]!).toBeGreaterThan(95);
    expect(plan.f0Hz[75]!).toBeLessThan(105);
  });

  it('keeps a question rising where the source fell', () => {
    const falling = track((i) => 130 - i * 0.2);
    const risingDub = track((i) => 100 + (i > 110 ? (i - 110) * 1.5 : 0), 150);
    const plan = transferContour({ track: falling, speakerHz: 110 }, { track: risingDub, isQuestion: true });
    expect(plan.f0Hz[148]!).toBeGreaterThan(plan.f0Hz[100]!);
    const flatDub = track(() => 100, 150);
    const statement = transferContour({ track: falling, speakerHz: 110 }, { track: flatDub, isQuestion: false });
    expect(statement.f0Hz[148]!).toBeLessThan(statement.f0Hz[100]!);
  });
});

describe('countSyllables', () => {
  it('counts vowel groups, and characters in Chinese, Japanese and Korean', () => {
    expect(countSyllables('She was the eldest of three daughters', 'eng')).toBe(9);
    expect(countSyllables('你好世界', 'cmn')).toBe(4);
    expect(countSyllables('안녕하세요', 'kor')).toBe(5);
  });
});
