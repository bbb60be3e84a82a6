import initialiseEspeak from '@echogarden/espeak-ng-emscripten';
import {
  throwIfAborted,
  type EngineContext,
  type LanguageCode,
  type PhonemeTiming,
  type Speech,
  type Synthesiser,
} from '@voxlate/core';
import { ESPEAK_VOICES } from './espeak-voices.js';
import { JapaneseReading } from './japanese-reading.js';
import { trimSilence } from './trim-silence.js';
import { DEFAULT_WARM_IDLE_MS, WarmCache } from '../../warm-cache.js';

const SAMPLE_RATE = 22050;

/**
 * eSpeak NG compiled to WASM (npm, no system dependency): every one of the 11 languages,
 * with phoneme events and their timings. Robotic, but intelligible and fast (~0.01 RTF).
 */
export class EspeakSynthesiser implements Synthesiser {
  readonly id = 'espeak-ng';
  readonly kind = 'offline' as const;
  readonly name = 'eSpeak NG (WASM)';
  readonly timings = 'phonemes' as const;
  readonly languages = Object.keys(ESPEAK_VOICES) as LanguageCode[];
  /** kuromoji's dictionary (some 100 MB): kept while Japanese is being dubbed, released when idle. */
  private readonly japanese: WarmCache<'kuromoji', JapaneseReading>;

  private constructor(
    private readonly worker: EspeakWorker,
    /** Words per minute. */
    private readonly rate: number,
    idleMs: number,
  ) {
    this.japanese = new WarmCache(idleMs);
  }

  static async create(rate = 170, idleMs = DEFAULT_WARM_IDLE_MS): Promise<EspeakSynthesiser> {
    const module = await initialiseEspeak();
    return new EspeakSynthesiser(new module.eSpeakNGWorker(), rate, idleMs);
  }

  async synthesise(text: string, language: LanguageCode, context: EngineContext): Promise<Speech> {
    throwIfAborted(context.signal);
    const prepared =
      language === 'jpn'
        ? await this.japanese.use(
            'kuromoji',
            () => JapaneseReading.create(),
            (reading) => reading.toKana(text),
          )
        : text;
    this.worker.set_voice(ESPEAK_VOICES[language]);
    this.worker.set_rate(this.rate);
    const chunks: Int16Array[] = [];
    const events: EspeakEvent[] = [];
    this.worker.synthesize(escapeSsml(prepared), (samples, chunkEvents) => {
      if (samples && samples.length > 0) chunks.push(samples.slice());
      events.push(...chunkEvents);
    });
    const samples = int16ToFloat(chunks);
    const trimmed = trimSilence(samples, SAMPLE_RATE);
    return {
      audio: { samples: trimmed.samples, sampleRate: SAMPLE_RATE },
      phonemes: phonemeTimings(
        events,
        samples.length / SAMPLE_RATE,
        trimmed.offsetSeconds,
        trimmed.samples.length / SAMPLE_RATE,
      ),
    };
  }

  async close(): Promise<void> {
    await this.japanese.close();
  }
}

/** Phoneme events carry their start in ms; each ends where the next event starts. */
export function phonemeTimings(
  events: readonly EspeakEvent[],
  totalSeconds: number,
  offsetSeconds: number,
  keptSeconds: number,
): PhonemeTiming[] {
  const phonemes = events.filter(
    (event) => event.type === 'phoneme' && typeof event.id === 'string' && event.id !== '',
  );
  return phonemes
    .map((event, i) => {
      const start = event.audio_position / 1000;
      const next = phonemes[i + 1];
      const end = next ? next.audio_position / 1000 : totalSeconds;
      return { phoneme: String(event.id), start: round3(start - offsetSeconds), end: round3(end - offsetSeconds) };
    })
    .filter((timing) => timing.end > 0 && timing.start < keptSeconds);
}

function int16ToFloat(chunks: readonly Int16Array[]): Float32Array {
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const samples = new Float32Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) samples[offset + i] = chunk[i]! / 32768;
    offset += chunk.length;
  }
  return samples;
}

/** The WASM build parses SSML, so text characters that are markup must be escaped. */
function escapeSsml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
