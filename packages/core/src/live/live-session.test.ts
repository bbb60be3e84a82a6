import { describe, expect, it } from 'vitest';
import { concatSamples } from '../audio.js';
import type { LiveRecognition, RecognisedSpan } from '../engine.js';
import type { LiveEngines } from './live-engines.js';
import { LiveSession, MOST_LINES_WAITING, type LiveEvent } from './live-session.js';
import { LiveRecord } from './live-record.js';
import type { VoiceFrame } from './voice-frames.js';
import type { VoiceShaper } from '../voice/voice-types.js';
import type { Pronunciation } from '../glossary/say-as.js';

const RATE = 16000;
/** Each level of "speech" is a word: the stand-in recogniser names it by its amplitude. */
const WORDS = new Map([
  [0.1, 'alpha'],
  [0.2, 'bravo'],
  [0.3, 'charlie'],
  [0.4, 'delta'],
]);

/** A stream from a script of [seconds, amplitude] stretches (0 is silence). */
function stream(script: readonly (readonly [number, number])[]): Float32Array {
  return concatSamples(script.map(([seconds, level]) => new Float32Array(Math.round(seconds * RATE)).fill(level)));
}

/** Voice activity by level, in 30 ms frames. */
function levelDetector(): LiveEngines['voiceActivity'] {
  const frame = 480;
  let pending = new Float32Array(0);
  let at = 0;
  return {
    push(samples) {
      const all = new Float32Array(pending.length + samples.length);
      all.set(pending);
      all.set(samples, pending.length);
      const frames: VoiceFrame[] = [];
      let i = 0;
      for (; i + frame <= all.length; i += frame) {
        const level = Math.abs(all[i]!);
        frames.push({ start: at / RATE, seconds: frame / RATE, speech: level > 0.05, energyDb: level > 0 ? -20 : -90 });
        at += frame;
      }
      pending = all.slice(i);
      return Promise.resolve(frames);
    },
  };
}

/** Names each run of equal level in the audio fed to a line, with its times from the line's start. */
class LevelRecognition implements LiveRecognition {
  fed: number[] = [];
  lines = 0;
  ended = 0;
  closed = false;
  constructor(private readonly onPartial: (text: string, line: number) => void) {}
  startLine(): void {
    this.fed = [];
    this.lines++;
  }
  feed(samples: Float32Array): void {
    for (const sample of samples) this.fed.push(sample);
    this.onPartial(this.recognise().text, this.lines - 1);
  }
  endLine(): Promise<RecognisedSpan> {
    this.ended++;
    return Promise.resolve(this.recognise());
  }
  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
  private recognise(): RecognisedSpan {
    const words: RecognisedSpan['words'] = [];
    let runStart = 0;
    for (let i = 1; i <= this.fed.length; i++) {
      if (i < this.fed.length && this.fed[i] === this.fed[runStart]) continue;
      const word = WORDS.get(Math.round(this.fed[runStart]! * 10) / 10);
      if (word) words.push({ text: word, start: runStart / RATE, end: i / RATE });
      runStart = i;
    }
    return { text: words.map((word) => word.text).join(' '), words };
  }
}

const unvoicedShaper: VoiceShaper = {
  id: 'flat',
  kind: 'offline',
  name: 'flat',
  bandsHz: [],
  measure: (audio) => {
    const frames = Math.ceil(audio.samples.length / 160);
    return { hopSeconds: 0.01, f0Hz: new Float32Array(frames), energyDb: new Float32Array(frames).fill(-20) };
  },
  spectrum: () => Promise.resolve([]),
  formants: () => undefined,
  shape: (audio) => Promise.resolve(audio),
};

interface Harness {
  session: LiveSession;
  events: LiveEvent[];
  recognition: LevelRecognition;
  /** The texts the synthesiser was given, in order. */
  spoken: string[];
}

/** A recogniser behind the stream: each ended line's words come only when the test answers it. */
class LaggingRecognition extends LevelRecognition {
  private readonly held: (() => void)[] = [];
  override endLine(): Promise<RecognisedSpan> {
    const words = super.endLine();
    return new Promise((resolve) => this.held.push(() => resolve(words)));
  }
  answerAll(): void {
    for (const answer of this.held.splice(0)) answer();
  }
}

function harness({
  synthesiseMs = 0,
  letterSeconds = 0.1,
  translate = (text: string) => text.toUpperCase(),
  lagging = false,
  lexicon = [] as Pronunciation[],
} = {}): Harness {
  const events: LiveEvent[] = [];
  const spoken: string[] = [];
  const tell = (text: string, line: number): void => session.partial(text, line);
  const recognition = lagging ? new LaggingRecognition(tell) : new LevelRecognition(tell);
  const engines: LiveEngines = {
    voiceActivity: levelDetector(),
    recognition,
    recogniser: { id: 'levels', kind: 'offline', name: 'levels' },
    translator: {
      id: 'upper',
      kind: 'offline',
      name: 'upper',
      qualityFor: () => 'full',
      translate: (request) => Promise.resolve({ text: translate(request.text), quality: 'full', route: 'x' }),
    },
    synthesiser: {
      id: 'beeps',
      kind: 'offline',
      name: 'beeps',
      languages: ['spa'],
      timings: 'none',
      // Sound for each letter, after a delay standing for the engine's work.
      synthesise: async (text) => {
        spoken.push(text);
        if (synthesiseMs > 0) await new Promise((resolve) => setTimeout(resolve, synthesiseMs));
        const samples = new Float32Array(Math.round(text.length * letterSeconds * RATE)).fill(0.5);
        return { audio: { samples, sampleRate: RATE }, phonemes: [] };
      },
    },
    shaper: unvoicedShaper,
    stretcher: {
      id: 'skip',
      kind: 'offline',
      name: 'skip',
      stretch: (audio, tempo) =>
        Promise.resolve({ ...audio, samples: audio.samples.slice(0, Math.round(audio.samples.length / tempo)) }),
    },
  };
  const session = new LiveSession(
    engines,
    { sourceLanguage: 'eng', targetLanguage: 'spa', baseVoices: [], tempoCap: 1.3, lexicon },
    (event) => events.push(event),
  );
  return { session, events, recognition, spoken };
}

/** Feeds the stream in 40 ms frames, as a client does, letting the session's other work run between them. */
async function send(session: LiveSession, samples: Float32Array): Promise<void> {
  for (let i = 0; i < samples.length; i += 640) {
    await session.push(samples.subarray(i, i + 640));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('LiveSession', () => {
  it('captions each line as it is heard, then translates and speaks it, in order', async () => {
    const { session, events, recognition } = harness();
    await send(
      session,
      stream([
        [0.5, 0],
        [0.6, 0.1],
        [0.4, 0.2],
        [0.8, 0],
        [0.7, 0.3],
        [0.3, 0],
      ]),
    );
    await session.end();
    const finals = events.filter((event) => event.type === 'final');
    expect(finals.map((line) => [line.id, line.sourceText, line.targetText, line.closedBy])).toEqual([
      [0, 'alpha bravo', 'ALPHA BRAVO', 'pause'],
      [1, 'charlie', 'CHARLIE', 'end'],
    ]);
    // The line's times are the stream's: speech from 0.5 s to 1.5 s, padded by 0.15 s.
    expect(finals[0]!.start).toBeCloseTo(0.35, 1);
    expect(finals[0]!.end).toBeCloseTo(1.65, 1);
    const partials = events.filter((event) => event.type === 'partial' && event.id === 0);
    expect(partials.map((event) => (event.type === 'partial' ? event.sourceText : ''))).toContain('alpha');
    // Every partial of a line comes before its final, and its audio after.
    const order = events.map((event) => `${event.type}:${'id' in event ? event.id : ''}`);
    expect(order.lastIndexOf('partial:0')).toBeLessThan(order.indexOf('final:0'));
    expect(order.indexOf('final:0')).toBeLessThan(order.indexOf('audio:0'));
    expect(order.indexOf('audio:0')).toBeLessThan(order.indexOf('final:1'));
    const audio = events.filter((event) => event.type === 'audio');
    expect(audio.map((event) => event.audio.samples.length)).toEqual([11 * 1600, 7 * 1600]);
    expect(recognition.closed).toBe(true);
  });

  it('speaks the lexicon’s respellings while the captions keep the words', async () => {
    const { session, events, spoken } = harness({ lexicon: [{ word: 'BRAVO', sayAs: 'brah voh' }] });
    await send(
      session,
      stream([
        [0.5, 0],
        [0.6, 0.1],
        [0.4, 0.2],
      ]),
    );
    await session.end();
    const finals = events.filter((event) => event.type === 'final');
    expect(finals.map((line) => line.targetText)).toEqual(['ALPHA BRAVO']);
    expect(spoken).toEqual(['ALPHA brah voh']);
  });

  it('tells a partial that comes late as its own line’s, after the line has ended and the next begun', async () => {
    const { session, events, recognition } = harness({ lagging: true });
    // Line 0 (alpha), a pause that ends it, then line 1 (charlie) still open.
    await send(
      session,
      stream([
        [0.5, 0],
        [0.6, 0.1],
        [0.8, 0],
        [0.7, 0.3],
      ]),
    );
    const before = events.length;
    session.partial('alpha late', 0);
    session.partial('charlie so far', 1);
    session.partial('nothing', 7);
    const late = events.slice(before).map((event) => (event.type === 'partial' ? event : undefined));
    expect(late.map((event) => [event?.id, event?.sourceText])).toEqual([
      [0, 'alpha late'],
      [1, 'charlie so far'],
    ]);
    // Line 0's partial keeps line 0's times (it ended at 1.25 s), not the stream's now.
    expect(late[0]!.start).toBeCloseTo(0.35, 1);
    expect(late[0]!.end).toBeCloseTo(1.25, 1);
    (recognition as LaggingRecognition).answerAll();
    const ending = session.end();
    await new Promise((resolve) => setImmediate(resolve));
    (recognition as LaggingRecognition).answerAll();
    await ending;
    expect(events.filter((event) => event.type === 'final').map((event) => event.id)).toEqual([0, 1]);
    // Once a line's words are in, a partial named after it is not told.
    const after = events.length;
    session.partial('too late', 0);
    expect(events.length).toBe(after);
  });

  it('speeds up a line that waited, within the cap, and never overlaps or drops one', async () => {
    // Lines arrive every 0.8 s of stream, each 1-1.4 s of dubbed speech: from the second on they wait.
    const { session, events } = harness({ letterSeconds: 0.2 });
    const script: [number, number][] = [[0.3, 0]];
    for (let k = 0; k < 6; k++) script.push([0.3, 0.1 + (k % 4) * 0.1], [0.5, 0]);
    await send(session, stream(script));
    await session.end();
    const audio = events.filter((event) => event.type === 'audio');
    expect(audio.map((event) => event.id)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const [i, line] of audio.entries()) {
      expect(line.tempo).toBeLessThanOrEqual(1.3 + 1e-9);
      if (i === 0) continue;
      const before = audio[i - 1]!;
      expect(line.start).toBeGreaterThanOrEqual(before.start + before.audio.samples.length / RATE - 1e-3);
    }
    expect(audio.slice(1).every((line) => line.tempo > 1.05)).toBe(true);
  });

  it('says so when a line cannot be dubbed, and goes on with the next', async () => {
    const { session, events } = harness({ translate: (text) => (text === 'alpha' ? '' : text.toUpperCase()) });
    await send(
      session,
      stream([
        [0.3, 0],
        [0.6, 0.1],
        [0.8, 0],
        [0.7, 0.3],
        [0.3, 0],
      ]),
    );
    await session.end();
    expect(events.filter((event) => event.type === 'line-error').map((event) => [event.id, event.error])).toEqual([
      [0, 'The translation of this line came out empty: nothing to speak.'],
    ]);
    expect(events.filter((event) => event.type === 'audio').map((event) => event.id)).toEqual([1]);
  });

  it('makes no line of a click, and lets its recognition go', async () => {
    const { session, events, recognition } = harness();
    await send(
      session,
      stream([
        [0.3, 0],
        [0.09, 0.4],
        [1, 0],
      ]),
    );
    await session.end();
    expect(events.filter((event) => event.type !== 'partial')).toEqual([]);
    expect(recognition.ended).toBe(recognition.lines);
  });

  it('refuses to queue lines without bound when they arrive faster than they are dubbed', async () => {
    const { session } = harness({ synthesiseMs: 50 });
    const script: [number, number][] = [];
    for (let k = 0; k < MOST_LINES_WAITING + 4; k++) script.push([0.3, 0.1], [0.5, 0]);
    await expect(send(session, stream(script))).rejects.toThrow(/faster than real time/);
    await session.cancel();
  });
});

describe('LiveRecord', () => {
  it('keeps both languages as cues and lays the dubbed lines where they played', async () => {
    const { session, events } = harness();
    await send(
      session,
      stream([
        [0.5, 0],
        [0.6, 0.1],
        [0.8, 0],
        [0.7, 0.3],
        [0.3, 0],
      ]),
    );
    await session.end();
    const record = new LiveRecord();
    for (const event of events) record.take(event);
    const cues = record.cues();
    expect(cues.source.map((cue) => cue.text)).toEqual(['alpha', 'charlie']);
    const target = cues.target;
    expect(target.map((cue) => cue.text)).toEqual(['ALPHA', 'CHARLIE']);
    const audio = events.filter((event) => event.type === 'audio');
    expect(target[0]!.start).toBe(audio[0]!.start);
    const track = record.dubbedTrack();
    // Sound where each line plays, silence before the first.
    expect(track.samples[Math.round(audio[1]!.start * RATE) + 10]).toBe(0.5);
    expect(track.samples[Math.round(audio[0]!.start * RATE) - 10]).toBe(0);
    expect(track.samples.length).toBe(Math.round(audio[1]!.start * RATE) + audio[1]!.audio.samples.length);
  });
});
