import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import initialiseEspeak from '@echogarden/espeak-ng-emscripten';
import {
  throwIfAborted,
  type BaseVoice,
  type EngineContext,
  type LanguageCode,
  type PhonemeTiming,
  type Speech,
  type Synthesiser,
  type VoiceListing,
  type VoiceSettings,
} from '@voxlate/core';
import {
  baseVoiceOf,
  ESPEAK_VARIANTS,
  sweep,
  unitsFor,
  voiceFormants,
  type EspeakRender,
  type Sweep,
  type SweptSetting,
} from './espeak-calibration.js';
import { FormantVariants } from './formant-variants.js';
import { ESPEAK_VOICES } from './espeak-voices.js';
import { JapaneseReading } from './japanese-reading.js';
import { trimSilence } from './trim-silence.js';
import { DEFAULT_WARM_IDLE_MS, WarmCache } from '../../warm-cache.js';
import { stampedFiles, VoiceCalibrations } from '../voice-calibrations.js';

const SAMPLE_RATE = 22050;
/** The WASM build and its voice data: a measurement kept from another build is not used. */
const ESPEAK_MODULE = createRequire(import.meta.url).resolve('@echogarden/espeak-ng-emscripten');
const ESPEAK_FILES = [ESPEAK_MODULE, join(dirname(ESPEAK_MODULE), 'espeak-ng.data')];

/**
 * eSpeak NG compiled to WASM (npm, no system dependency): every one of the 11 languages,
 * with phoneme events and their timings. Robotic, but intelligible and fast (~0.01 RTF).
 */
export class EspeakSynthesiser implements Synthesiser {
  readonly id = 'espeak-ng';
  readonly kind = 'offline' as const;
  readonly name = 'eSpeak NG (WASM)';
  readonly timings = 'phonemes' as const;
  readonly robotic = true;
  readonly languages = Object.keys(ESPEAK_VOICES) as LanguageCode[];
  /** kuromoji's dictionary (some 100 MB): kept while Japanese is being dubbed, released when idle. */
  private readonly japanese: WarmCache<'kuromoji', JapaneseReading>;
  /**
   * Each voice's pitch and range units measured against Hz (keyed "voice setting"), measured
   * once per installation (kept in the cache folder) and held here once read.
   */
  private readonly sweeps = new Map<string, Sweep>();
  /** Each base voice's formants, measured and kept the same way. */
  private readonly formants = new Map<string, number[] | undefined>();
  private readonly calibrations = VoiceCalibrations.fromEnv();
  private readonly build = stampedFiles(ESPEAK_FILES);
  /** Calibration renders: the voice at given units, at the synthesiser's normal rate. */
  private readonly renderForCalibration: EspeakRender = (voice, pitch, range, text) =>
    this.render(voice, pitch, range, text, this.rate).samples;

  private constructor(
    private readonly worker: EspeakWorker,
    private readonly variants: FormantVariants,
    /** Words per minute. */
    private readonly rate: number,
    idleMs: number,
  ) {
    this.japanese = new WarmCache(idleMs);
  }

  static async create(rate = 170, idleMs = DEFAULT_WARM_IDLE_MS): Promise<EspeakSynthesiser> {
    const module = await initialiseEspeak();
    return new EspeakSynthesiser(new module.eSpeakNGWorker(), new FormantVariants(module.FS), rate, idleMs);
  }

  listVoices(language: LanguageCode): VoiceListing[] {
    return ESPEAK_VARIANTS.map(({ variant, name }) => ({
      id: `${ESPEAK_VOICES[language]}${variant}`,
      name: `eSpeak NG ${ESPEAK_VOICES[language]} ${name}`,
      gender: name.startsWith('female') ? ('female' as const) : ('male' as const),
      licence: 'GPL-3.0-or-later',
    }));
  }

  baseVoices(language: LanguageCode): Promise<BaseVoice[]> {
    return Promise.resolve(
      ESPEAK_VARIANTS.map(({ variant, name }) => {
        const id = `${ESPEAK_VOICES[language]}${variant}`;
        return baseVoiceOf(id, `${ESPEAK_VOICES[language]} ${name}`, this.sweep(id, 'pitch'), this.formantsOf(id));
      }),
    );
  }

  async synthesise(
    text: string,
    language: LanguageCode,
    context: EngineContext,
    settings: VoiceSettings = {},
  ): Promise<Speech> {
    throwIfAborted(context.signal);
    const prepared =
      language === 'jpn'
        ? await this.japanese.use(
            'kuromoji',
            () => JapaneseReading.create(),
            (reading) => reading.toKana(text),
          )
        : text;
    const base = settings.voice?.startsWith(ESPEAK_VOICES[language]) ? settings.voice : ESPEAK_VOICES[language];
    const scale = settings.formantScale;
    const voice = scale !== undefined && Math.abs(scale - 1) > 0.005 ? this.variants.voiceWith(base, scale) : base;
    // Swept on the voice that speaks: moving the formants moves the measured pitch a few per cent.
    const { pitch, range } = this.unitsOf(voice, settings);
    const rate = Math.round(this.rate * Math.min(2, Math.max(0.5, settings.rate ?? 1)));
    const { samples, events } = this.render(
      voice,
      pitch,
      range,
      withPauses(escapeSsml(prepared), settings.pauses),
      rate,
    );
    const trimmed = trimSilence(samples, SAMPLE_RATE);
    const total = samples.length / SAMPLE_RATE;
    const kept = trimmed.samples.length / SAMPLE_RATE;
    return {
      audio: { samples: trimmed.samples, sampleRate: SAMPLE_RATE },
      phonemes: phonemeTimings(events, total, trimmed.offsetSeconds, kept),
    };
  }

  /** eSpeak units for the wanted Hz and range; 50 (eSpeak's default) for what is not asked. */
  private unitsOf(voice: string, settings: VoiceSettings): { pitch: number; range: number } {
    const { pitchHz, rangeSemitones } = settings;
    return {
      pitch: pitchHz === undefined ? 50 : unitsFor(this.sweep(voice, 'pitch'), pitchHz, true),
      range: rangeSemitones === undefined ? 50 : unitsFor(this.sweep(voice, 'range'), rangeSemitones, false),
    };
  }

  private formantsOf(voice: string): number[] | undefined {
    if (!this.formants.has(voice)) {
      // Kept as an object: "no formants found" is a result too, and JSON has no undefined.
      const { formants } = this.keptOrMeasured(['formants', voice], isKeptFormants, () => ({
        formants: voiceFormants(this.renderForCalibration, voice) ?? null,
      }));
      this.formants.set(voice, formants ?? undefined);
    }
    return this.formants.get(voice);
  }

  /** The voice's measured sweep of one setting. */
  private sweep(voice: string, setting: SweptSetting): Sweep {
    const key = `${voice} ${setting}`;
    let measured = this.sweeps.get(key);
    if (!measured) {
      measured = this.keptOrMeasured(['sweep', voice, setting], isSweep, () =>
        sweep(this.renderForCalibration, voice, setting),
      );
      this.sweeps.set(key, measured);
    }
    return measured;
  }

  /** A calibration another process of this installation measured, else measured now and kept. */
  private keptOrMeasured<T>(what: unknown[], isValid: (kept: unknown) => kept is T, measure: () => T): T {
    const key = this.calibrations.keyOf(['espeak-ng', this.build, this.rate, ...what]);
    const kept = this.calibrations.get(key);
    if (isValid(kept)) return kept;
    const measured = measure();
    this.calibrations.set(key, measured);
    return measured;
  }

  private render(
    voice: string,
    pitch: number,
    range: number,
    ssml: string,
    rate: number,
  ): { samples: Float32Array; events: EspeakEvent[] } {
    this.worker.set_voice(voice);
    this.worker.set_rate(rate);
    this.worker.set_pitch(pitch);
    this.worker.set_range(range);
    const chunks: Int16Array[] = [];
    const events: EspeakEvent[] = [];
    this.worker.synthesize(ssml, (samples, chunkEvents) => {
      if (samples && samples.length > 0) chunks.push(samples.slice());
      events.push(...chunkEvents);
    });
    return { samples: int16ToFloat(chunks), events };
  }

  async close(): Promise<void> {
    await this.japanese.close();
  }
}

function isSweep(kept: unknown): kept is Sweep {
  return (
    Array.isArray(kept) &&
    kept.length > 0 &&
    kept.every((point) => Array.isArray(point) && point.length === 2 && point.every(Number.isFinite))
  );
}

function isKeptFormants(kept: unknown): kept is { formants: number[] | null } {
  const formants = (kept as { formants?: unknown } | null)?.formants;
  return formants === null || (Array.isArray(formants) && formants.every(Number.isFinite));
}

/** Pauses become SSML breaks after the given words (whitespace-separated; text already escaped). */
export function withPauses(text: string, pauses: VoiceSettings['pauses']): string {
  if (!pauses || pauses.length === 0) return text;
  const words = text.split(/\s+/).filter((word) => word !== '');
  for (const pause of pauses) {
    if (pause.afterWord < 0 || pause.afterWord >= words.length - 1) continue;
    words[pause.afterWord] += ` <break time="${Math.round(pause.seconds * 1000)}ms"/>`;
  }
  return words.join(' ');
}

/**
 * Phoneme events carry their start in ms; each ends where the next event starts. eSpeak reports
 * a pause (at a comma, between sentences) as a phoneme event with no name: it is kept, as "_",
 * so the sound before it ends where the pause begins instead of running through it.
 */
export function phonemeTimings(
  events: readonly EspeakEvent[],
  totalSeconds: number,
  offsetSeconds: number,
  keptSeconds: number,
): PhonemeTiming[] {
  const phonemes = events.filter((event) => event.type === 'phoneme' && typeof event.id === 'string');
  return phonemes
    .map((event, i) => {
      const start = event.audio_position / 1000;
      const next = phonemes[i + 1];
      const end = next ? next.audio_position / 1000 : totalSeconds;
      const phoneme = event.id === '' ? '_' : String(event.id);
      return { phoneme, start: round3(start - offsetSeconds), end: round3(end - offsetSeconds) };
    })
    .filter((timing) => timing.end > timing.start && timing.end > 0 && timing.start < keptSeconds);
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
