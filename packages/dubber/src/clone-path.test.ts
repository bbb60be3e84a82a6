import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_DUB_OPTIONS,
  DEFAULT_MIX,
  type DubRequest,
  EngineUnavailable,
  type PcmAudio,
  type PipelineEvent,
  type VoiceCloner,
  type Segment,
  median,
  type SavedVoice,
  voiceProfileOf,
} from '@voxlate/core';
import { writeSpeechWav } from '@voxlate/media';
import { defaultRegistries } from '@voxlate/engines';
import { CHATTERBOX_MULTILINGUAL, ModelManager, POCKET_TTS } from '@voxlate/models';
import { TINY_POCKET_BANDS_HZ, writeTinyChatterbox, writeTinyPocket } from '@voxlate/tiny-models';
import { Dubber } from './dubber.js';
import { MemoryCheckpoints } from './test/memory-checkpoints.js';
import { decodedSamples, ffmpeg } from './test/make-media.js';

/**
 * Preserve Voice with a cloning engine installed (a tiny Pocket TTS, which copies a reference's
 * band energies into its tones): a man (librivox reader, F0 ~100 Hz) and a woman (codec2's hts2,
 * F0 ~170 Hz) taking turns, their Spanish subtitles as the source, dubbed into English.
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-clone-path-'));
mkdirSync(join(root, 'temp'));
const manager = new ModelManager({ root: join(root, 'models'), hubBase: 'http://127.0.0.1:9', offline: true });
const dubber = new Dubber(
  { tempRoot: join(root, 'temp'), options: DEFAULT_DUB_OPTIONS, dataDir: join(root, 'data') },
  defaultRegistries(manager),
);
const READER = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav';
const WOMAN = '/usr/share/codec2/raw/hts2.raw';
const RATE = 16000;
let input = '';

type Cue = readonly [number, number, string];

/** The turns: man 0-4 s, woman 4.7-7.7 s, man 8.4-11.5 s, woman 12.2-15.2 s. */
const SPANISH: readonly Cue[] = [
  [0.1, 3.9, 'Bienvenidos de nuevo al canal.'],
  [4.8, 7.6, 'Hoy vamos a cocinar una cena sencilla.'],
  [8.5, 11.4, 'Primero cortamos las cebollas.'],
  [12.3, 15.1, 'Después las freímos en la sartén.'],
];

function srt(cues: readonly Cue[]): string {
  const time = (seconds: number): string => {
    const ms = Math.round(seconds * 1000);
    const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
    return `00:00:${pad(Math.floor(ms / 1000))},${pad(ms % 1000, 3)}`;
  };
  return cues.map(([start, end, text], i) => `${i + 1}\n${time(start)} --> ${time(end)}\n${text}\n`).join('\n');
}

beforeAll(async () => {
  input = join(root, 'two-speakers.wav');
  ffmpeg`-i ${READER} -f s16le -ar 8000 -ac 1 -i ${WOMAN} -filter_complex ${'[0]aresample=16000,atrim=0:4,apad=pad_dur=0.7[a];[1]aresample=16000,atrim=0:3,apad=pad_dur=0.7[b];[0]aresample=16000,atrim=4:7.1,apad=pad_dur=0.7[c];[1]aresample=16000,atrim=3:6[d];[a][b][c][d]concat=n=4:v=0:a=1'} -ac 1 ${input}`;
  await writeTinyPocket(manager.folderOf(POCKET_TTS));
  await manager.adopt(POCKET_TTS.id);
});
afterAll(async () => {
  await dubber.close();
  rmSync(root, { recursive: true, force: true });
});

function request(output: string, target: 'eng' | 'fra', cues: readonly Cue[] = SPANISH): DubRequest {
  return {
    input,
    output: join(root, output),
    sourceLanguage: target === 'eng' ? 'spa' : 'eng',
    targetLanguage: target,
    transcript: srt(cues),
    outputContainer: 'wav',
    choices: { voice: { mode: 'clone', speakers: 2 } },
    // The original muted under the dub, so the dubbed voices alone are measured.
    options: { separation: 'off', mix: { ...DEFAULT_MIX, duckDb: 90 } },
  };
}

/** Where the tiny clone put its energy: the energy-weighted mean of its bands, Hz. */
function bandCentre(samples: Float32Array): number {
  let weighted = 0;
  let total = 0;
  for (const hz of TINY_POCKET_BANDS_HZ) {
    let re = 0;
    let im = 0;
    for (let i = 0; i < samples.length; i++) {
      re += samples[i]! * Math.cos((2 * Math.PI * hz * i) / RATE);
      im += samples[i]! * Math.sin((2 * Math.PI * hz * i) / RATE);
    }
    weighted += hz * (re * re + im * im);
    total += re * re + im * im;
  }
  return weighted / total;
}

function placed(output: string, segment: Segment): Float32Array {
  const samples = decodedSamples(output, RATE);
  const start = segment.start + (segment.fit?.shift ?? 0);
  return samples.subarray(Math.round(start * RATE), Math.round((start + 1.5) * RATE));
}

/** A dubber whose first choice of cloner is `cloner` (registered above every installed one). */
function dubberPreferring(cloner: VoiceCloner, registries: ReturnType<typeof defaultRegistries>): Dubber {
  registries.clone.register({
    id: cloner.id,
    kind: 'neural',
    rank: 99,
    isInstalled: () => Promise.resolve(true),
    load: () => Promise.resolve(cloner),
  });
  return new Dubber(
    { tempRoot: join(root, 'temp'), options: DEFAULT_DUB_OPTIONS, dataDir: join(root, 'data') },
    registries,
  );
}

describe('Preserve Voice with a cloning engine installed', () => {
  it("speaks each speaker's lines in a clone of their own voice, and says which reference each line used", async () => {
    const run = await dubber.dub(request('cloned.wav', 'eng'));
    const { timeline } = run;
    expect(timeline.voiceMode).toBe('clone');
    expect(timeline.engines).toContainEqual({ task: 'voice cloning', engine: 'pocket-tts', quality: 'neural' });
    const [man, woman] = timeline.speakers!;
    // Each speaker's reference is cut from their own lines only.
    for (const speaker of [man!, woman!]) {
      const own = timeline.segments.filter((segment) => segment.speaker === speaker.speaker);
      expect(speaker.reference?.from).toBe('original');
      for (const span of speaker.reference!.spans)
        expect(own.some((line) => line.start <= span.start && span.end <= line.end + 1e-6)).toBe(true);
    }
    for (const segment of timeline.segments) {
      expect(segment.engines.tts).toBe('pocket-tts');
      expect(segment.voice?.mode).toBe('clone');
      expect(['line', 'speaker']).toContain(segment.voice?.reference?.kind);
    }
    // The man's 3.8 s first line is not long enough to be its own reference; none of these is.
    expect(timeline.segments.map((segment) => segment.voice?.reference?.kind)).toEqual([
      'speaker',
      'speaker',
      'speaker',
      'speaker',
    ]);
    // The man's clone is lower than the woman's: each line took its own speaker's voice.
    const output = join(root, 'cloned.wav');
    const centre = timeline.segments.map((segment) => bandCentre(placed(output, segment)));
    const bySpeaker = (label: string): number[] =>
      timeline.segments.flatMap((segment, i) => (segment.speaker === label ? [centre[i]!] : []));
    expect(Math.max(...bySpeaker(man!.speaker))).toBeLessThan(Math.min(...bySpeaker(woman!.speaker)));
    // Provenance: the signed manifest and the warnings say the voices were cloned.
    expect(run.provenance.voice).toMatchObject({
      mode: 'clone',
      cloned: { engine: 'pocket-tts', speakers: ['S1', 'S2'] },
    });
    expect(timeline.warnings.join(' ')).toMatch(
      /No voice\/background separator ran: the voices are cloned from the original/,
    );
  }, 180_000);

  it('takes a long clean line as its own reference', async () => {
    const cues: Cue[] = [[0.1, 4.6, 'Bienvenidos de nuevo al canal, amigos.'], ...SPANISH.slice(1)];
    const run = await dubber.dub(request('own-line.wav', 'eng', cues));
    const first = run.timeline.segments[0]!;
    expect(first.voice?.reference).toMatchObject({ kind: 'line', spans: [{ start: 0.1, end: 4.6 }] });
  }, 180_000);

  it('falls back to the shaped voice, with a warning that says why, where nothing clones the language', async () => {
    const english = SPANISH.map(
      ([start, end], i) =>
        [start, end, ['Welcome back.', 'Today we cook.', 'First the onions.', 'Then we fry them.'][i]!] as const,
    );
    const run = await dubber.dub(request('shaped.wav', 'fra', english));
    expect(run.timeline.voiceMode).toBe('shaped');
    expect(run.timeline.segments.every((segment) => segment.voice?.mode === 'shaped')).toBe(true);
    expect(run.timeline.warnings).toContainEqual(
      expect.stringMatching(
        /^No voice-cloning engine for French is installed: the speakers' voices are shaped instead/,
      ),
    );
    expect(run.provenance.voice).toEqual({ mode: 'shaped' });
  }, 180_000);

  it('clones French with Chatterbox Multilingual once it is installed, each speaker from their own reference', async () => {
    const withChatterbox = new ModelManager({
      root: join(root, 'models-fr'),
      hubBase: 'http://127.0.0.1:9',
      offline: true,
    });
    await writeTinyChatterbox(withChatterbox.folderOf(CHATTERBOX_MULTILINGUAL));
    await withChatterbox.adopt(CHATTERBOX_MULTILINGUAL.id);
    const frenchDubber = new Dubber(
      { tempRoot: join(root, 'temp'), options: DEFAULT_DUB_OPTIONS, dataDir: join(root, 'data') },
      defaultRegistries(withChatterbox),
    );
    const english = SPANISH.map(
      ([start, end], i) =>
        [start, end, ['Welcome back.', 'Today we cook.', 'First the onions.', 'Then we fry them.'][i]!] as const,
    );
    try {
      const run = await frenchDubber.dub(request('chatterbox.wav', 'fra', english));
      expect(run.timeline.voiceMode).toBe('clone');
      for (const segment of run.timeline.segments) {
        expect(segment.engines.tts).toBe('chatterbox-multilingual');
        expect(segment.voice?.mode).toBe('clone');
        expect(segment.voice?.reference?.seconds).toBeGreaterThanOrEqual(3);
      }
      expect(run.provenance.voice?.cloned?.engine).toBe('chatterbox-multilingual');
    } finally {
      await frenchDubber.close();
    }
  }, 180_000);

  it('speaks a line the clone engine cannot finish in the shaped voice, and says which and why', async () => {
    const registries = defaultRegistries(manager);
    const pocket = await registries.clone.get('pocket-tts');
    // The second line the engine is asked for runs on; the others are cloned.
    let calls = 0;
    const failing: VoiceCloner = {
      id: 'runs-on',
      kind: 'neural',
      name: 'Runs On',
      languages: ['eng'],
      speechPerSecond: pocket.speechPerSecond,
      referenceSeconds: pocket.referenceSeconds,
      referenceRate: pocket.referenceRate,
      clone: (...args) =>
        calls++ === 1
          ? Promise.reject(new EngineUnavailable('Runs On did not finish the line (it ran on).'))
          : pocket.clone(...args),
    };
    const failingDubber = dubberPreferring(failing, registries);
    try {
      const run = await failingDubber.dub(request('runs-on.wav', 'eng'));
      expect(run.timeline.segments.map((segment) => segment.voice?.mode)).toEqual([
        'clone',
        'shaped',
        'clone',
        'clone',
      ]);
      expect(run.timeline.segments[1]!.engines.tts).not.toBe('runs-on');
      expect(run.timeline.warnings).toContainEqual(
        '1 line(s) could not be spoken in the cloned voice and are spoken in the shaped voice instead: ' +
          'line 2: Runs On did not finish the line (it ran on).',
      );
    } finally {
      await failingDubber.close();
    }
  }, 180_000);

  it('says how long a cloning engine slower than real time will take, before it starts', async () => {
    const registries = defaultRegistries(manager);
    const pocket = await registries.clone.get('pocket-tts');
    // Pocket's work under the name and speed of an engine 20 times slower than real time.
    const heard: PcmAudio[] = [];
    const slow: VoiceCloner = {
      id: 'slow-clone',
      kind: 'neural',
      name: 'Slow Clone',
      languages: ['eng'],
      speechPerSecond: 0.05,
      referenceSeconds: pocket.referenceSeconds,
      referenceRate: pocket.referenceRate,
      clone: (...args) => {
        heard.push(args[2].audio);
        return pocket.clone(...args);
      },
    };
    const slowDubber = dubberPreferring(slow, registries);
    const events: PipelineEvent[] = [];
    try {
      const run = await slowDubber.dub(request('slow.wav', 'eng'), { onEvent: (event) => events.push(event) });
      expect(run.timeline.segments.every((segment) => segment.engines.tts === 'slow-clone')).toBe(true);
      // No separator ran: the references come from the original decoded at the cloner's rate, not
      // from the 16 kHz analysis audio, and last as long as the spans they were cut from.
      expect(heard.map((audio) => audio.sampleRate)).toEqual(run.timeline.segments.map(() => 24000));
      const speaker = run.timeline.speakers![0]!.reference!;
      const gaps = 0.12 * (speaker.spans.length - 1);
      expect(heard[0]!.samples.length / 24000).toBeCloseTo(speaker.seconds + gaps, 1);
    } finally {
      await slowDubber.close();
    }
    const announced = events.findIndex(
      (event) =>
        event.type === 'warning' &&
        /^Slow Clone makes about 0.05 s of speech per second on two CPU cores: cloning 12 s of speech will take about 5 minutes more\.$/.test(
          event.message,
        ),
    );
    const synthesis = events.findIndex((event) => event.type === 'stage-started' && event.stage === 'synthesise');
    expect(announced).toBeGreaterThanOrEqual(0);
    expect(announced).toBeLessThan(synthesis);
  }, 180_000);

  it('re-dubs an edited line in the same cloned voice: the same reference and seed, the same speech', async () => {
    const checkpoints = new MemoryCheckpoints();
    const work = join(root, 'work-redo');
    const first = request('redo-1.wav', 'eng');
    const whole = await dubber.dubIn(work, first, { checkpoints });
    const base = (await checkpoints.load('lipsync'))!;
    // Rendered again as if edited (its text kept, so the two renders can be compared sample for sample).
    const edited = base.timeline.segments[1]!;
    const redone = await dubber.dubIn(
      work,
      { ...first, output: join(root, 'redo-2.wav') },
      { checkpoints: new MemoryCheckpoints(), redo: { base, lines: new Set([edited.id]), retranslate: new Set() } },
    );
    const line = redone.timeline.segments[1]!;
    expect(line.voice?.reference).toEqual(whole.timeline.segments[1]!.voice?.reference);
    expect(line.engines.tts).toBe('pocket-tts');
    const before = placed(join(root, 'redo-1.wav'), whole.timeline.segments[1]!);
    const after = placed(join(root, 'redo-2.wav'), line);
    const largest = before.reduce((most, sample, i) => Math.max(most, Math.abs(sample - after[i]!)), 0);
    expect(largest).toBeLessThan(1e-3);
  }, 180_000);

  it("clones a speaker from their saved voice's speech, not from their own", async () => {
    const plain = await dubber.dub(request('before-saved.wav', 'eng'));
    const man = plain.timeline.speakers![0]!;
    // His reference as the library keeps it: a WAV file of his cleanest speech, at 24 kHz.
    const speech = join(root, 'his-voice.wav');
    const seconds = await writeSpeechWav(input, man.reference!.spans, speech, { sampleRate: 24_000, workDir: root });
    const saved: SavedVoice = {
      id: '0123456789abcdef',
      name: 'Reader',
      profile: voiceProfileOf(man),
      baseVoices: {},
      reference: { file: speech, seconds, from: 'original' },
      rights: { statement: 'The reader is me, reading for my channel.', at: '2026-11-29T00:00:00.000Z' },
    };
    const run = await dubber.dub({ ...request('saved.wav', 'eng'), savedVoices: { S2: saved } });
    const herLines = run.timeline.segments.filter((segment) => segment.speaker === 'S2');
    for (const segment of herLines) expect(segment.voice?.reference).toMatchObject({ kind: 'saved', spans: [] });
    // Her lines now sound where his did (the tiny clone copies the reference's bands): lower than before.
    const centre = (output: string, segments: readonly Segment[]): number[] =>
      segments.map((segment) => bandCentre(placed(join(root, output), segment)));
    const hisBefore = centre(
      'before-saved.wav',
      plain.timeline.segments.filter((line) => line.speaker === 'S1'),
    );
    const herBefore = centre(
      'before-saved.wav',
      plain.timeline.segments.filter((line) => line.speaker === 'S2'),
    );
    const herNow = centre('saved.wav', herLines);
    expect(Math.max(...herNow)).toBeLessThan(Math.min(...herBefore));
    expect(Math.abs(median(herNow) / median(hisBefore) - 1)).toBeLessThan(0.1);
    expect(run.provenance.voice.saved?.map((use) => use.speaker)).toEqual(['S2']);
  }, 180_000);
});
