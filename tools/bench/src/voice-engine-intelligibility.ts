import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  concatSamples,
  measureLine,
  pcm16Of,
  shapeSpeech,
  wordErrors,
  type BaseVoice,
  type PcmAudio,
  type SpeakerVoice,
  type Synthesiser,
  type VoiceShaper,
} from '@voxlate/core';
import type { EngineRegistries } from '@voxlate/engines';
import { RawPcmFile, resample } from '@voxlate/media';
import { devSentences } from './eval-translation.js';
import { decode16k } from './voice-metrics.js';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
/** Real read lines whose intonation and loudness the shaped renders carry (pocketsphinx-testdata). */
const READ_LINES = [
  'sense_and_sensibility_01_austen_64kb-0870',
  'sense_and_sensibility_01_austen_64kb-0880',
  'sense_and_sensibility_01_austen_64kb-0890',
  'sense_and_sensibility_01_austen_64kb-0920',
  'sense_and_sensibility_01_austen_64kb-0930',
];
/** A typical speaker of each sex, whose pitch the shaped renders are set to. */
const SPEAKER_HZ = { male: 110, female: 200 } as const;
const GAP_SECONDS = 0.6;

/**
 * plain: the voice as it is; pitched: set to a typical speaker of its sex by the engine's own
 * pitch control; shaped: pitched, then a real read line's intonation and loudness laid on by PSOLA.
 */
export type Rendering = 'plain' | 'pitched' | 'shaped';
const RENDERINGS: readonly Rendering[] = ['plain', 'pitched', 'shaped'];

/** How well pocketsphinx understands one English voice, rendered one way. */
export interface VoiceWer {
  engine: string;
  voice: string;
  gender: string;
  rendering: Rendering;
  words: number;
  wer: number;
  /** Seconds of synthesis (and shaping) per second of speech, wall clock. */
  rtf: number;
}

/**
 * `npm run eval -- --only voices`: English development sentences spoken by every installed English
 * voice of every offline synthesiser, plain, pitched (set to a typical speaker of the voice's sex
 * through the engine's own pitch control) and shaped (pitched, then the intonation and loudness
 * of real read lines laid on by PSOLA), recognised back by pocketsphinx: the word error rate says
 * how intelligible the voice is, and what each step of shaping costs. eSpeak NG is the bad case.
 */
export async function englishVoiceIntelligibility(
  registries: EngineRegistries,
  dir: string,
  count: number,
): Promise<VoiceWer[]> {
  const sentences = spokenSentences(count);
  const shaper = await registries.voice.get('psola');
  const readLines = READ_LINES.map((id) => readLine(shaper, id));
  const recogniser = await registries.asr.get('pocketsphinx');
  const figures: VoiceWer[] = [];
  for (const id of await registries.tts.installedIds()) {
    const engine = await registries.tts.get(id);
    if (engine.kind !== 'offline' || !engine.languages.includes('eng')) continue;
    for (const voice of (await engine.baseVoices?.('eng')) ?? []) {
      for (const rendering of RENDERINGS) {
        const started = performance.now();
        const lines: PcmAudio[] = [];
        for (const [i, text] of sentences.entries()) {
          lines.push(await speak(engine, shaper, voice, text, rendering, readLines[i % readLines.length]!));
        }
        const seconds = lines.reduce((sum, line) => sum + line.samples.length / line.sampleRate, 0);
        const rtf = (performance.now() - started) / 1000 / seconds;
        const { audio, spans } = joined(lines);
        const heard = await recogniser.recognise(sourceOf(audio, dir), spans, 'eng', {});
        let errors = 0;
        let words = 0;
        sentences.forEach((text, i) => {
          const counted = wordErrors(text, heard[i]?.text ?? '');
          errors += counted.errors;
          words += counted.words;
        });
        const gender = voice.gender ?? (voice.f0MedianHz >= 160 ? 'female?' : 'male?');
        figures.push({ engine: id, voice: voice.id, gender, rendering, words, wer: errors / words, rtf });
      }
    }
  }
  return figures;
}

export function printEnglishVoices(figures: readonly VoiceWer[]): void {
  console.log(
    'English voices recognised back by pocketsphinx (development sentences), WER and RTF: plain / pitched by the ' +
      'engine to a typical speaker of its sex (110 or 200 Hz) / pitched and shaped (PSOLA intonation and loudness of real read lines):',
  );
  const keys = [...new Set(figures.map((f) => `${f.engine} ${f.voice}`))];
  const pct = (value: number | undefined): string => (value === undefined ? '-' : `${(100 * value).toFixed(1)} %`);
  for (const key of keys) {
    const rows = RENDERINGS.map((r) => figures.find((f) => `${f.engine} ${f.voice}` === key && f.rendering === r));
    console.log(
      `    ${key.padEnd(26)} ${(rows[0]?.gender ?? '').padEnd(7)} WER ${rows.map((r) => pct(r?.wer).padStart(7)).join(' /')}` +
        `  RTF ${rows.map((r) => r?.rtf.toFixed(3) ?? '-').join(' / ')}  (${rows[0]?.words} words)`,
    );
  }
}

/** Development sentences of 5 to 14 words, spread over the file. */
function spokenSentences(count: number): string[] {
  const all = devSentences(4000)
    .rows.map((row) => row[0]!)
    .filter((text) => {
      const words = text.split(/\s+/).length;
      return words >= 5 && words <= 14 && /^[A-Za-z]/.test(text) && !/[/_@#]|\d/.test(text);
    });
  const step = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, i) => i % step === 0).slice(0, count);
}

interface ReadLine {
  track: ReturnType<VoiceShaper['measure']>;
  prosody: ReturnType<typeof measureLine>;
}

function readLine(shaper: VoiceShaper, id: string): ReadLine {
  const samples = decode16k(`${LIBRIVOX}/${id}.wav`);
  const track = shaper.measure({ samples, sampleRate: 16000 });
  const seconds = samples.length / 16000;
  return { track, prosody: measureLine({ start: 0, end: seconds, text: '', words: [], language: 'eng' }, track) };
}

async function speak(
  engine: Synthesiser,
  shaper: VoiceShaper,
  voice: BaseVoice,
  text: string,
  rendering: Rendering,
  read: ReadLine,
): Promise<PcmAudio> {
  if (rendering === 'plain') return (await engine.synthesise(text, 'eng', {}, { voice: voice.id })).audio;
  const high = voice.gender === 'female' || (!voice.gender && voice.f0MedianHz >= 160);
  const pitchHz = high ? SPEAKER_HZ.female : SPEAKER_HZ.male;
  const speech = await engine.synthesise(text, 'eng', {}, { voice: voice.id, pitchHz });
  if (rendering === 'pitched') return speech.audio;
  const speaker: SpeakerVoice = {
    speaker: 'S1',
    voicedSeconds: read.prosody.voicedSeconds,
    f0MedianHz: pitchHz,
    voice: { voice: voice.id, pitchHz },
  };
  const line = {
    speech: speech.audio,
    targetText: text,
    sourceTrack: read.track,
    prosody: read.prosody,
    speaker,
    speakerName: 'S1',
    otherVoice: true,
    cloned: false,
  };
  const shaped = await shapeSpeech(shaper, line, {});
  if (!shaped.audio) throw new Error(`A line was not shaped: ${shaped.notes.join(' ')}`);
  return shaped.audio;
}

/** The lines end to end at 16 kHz with a gap between them, and where each one is. */
function joined(lines: readonly PcmAudio[]): { audio: Float32Array; spans: { start: number; end: number }[] } {
  const parts: Float32Array[] = [];
  const spans: { start: number; end: number }[] = [];
  let at = GAP_SECONDS;
  parts.push(new Float32Array(Math.round(GAP_SECONDS * 16000)));
  for (const line of lines) {
    const samples = resample(line.samples, line.sampleRate, 16000);
    parts.push(samples, new Float32Array(Math.round(GAP_SECONDS * 16000)));
    spans.push({ start: Math.max(0, at - 0.2), end: at + samples.length / 16000 + 0.2 });
    at += samples.length / 16000 + GAP_SECONDS;
  }
  return { audio: concatSamples(parts), spans };
}

function sourceOf(samples: Float32Array, dir: string): RawPcmFile {
  const path = join(dir, 'voices.s16le');
  writeFileSync(path, pcm16Of(samples));
  return new RawPcmFile(path, 16000, samples.length / 16000);
}
