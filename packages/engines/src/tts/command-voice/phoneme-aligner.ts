import type { EngineContext, LanguageCode, PcmAudio, PhonemeTiming } from '@voxlate/core';
import { MfccAnalyser, type CepstralTrack } from '../../dsp/mfcc.js';
import { decimate } from '../../dsp/pitch-track.js';
import type { EspeakSynthesiser } from '../espeak/espeak-synthesiser.js';
import { alignFrames } from './align-frames.js';

/** MFCC frames every 10 ms: a phoneme lasts 50-150 ms, so a boundary lands within a frame or two. */
const HOP_SECONDS = 0.01;
/** The MFCC analyser's window must fit its 512-point FFT: analyse below about 20 kHz. */
const MAX_ANALYSIS_RATE = 16_000;

/**
 * Phoneme timings for a voice that gives none (RHVoice, SVOX Pico): eSpeak NG speaks the same
 * text with its phoneme events, and its audio is aligned to the voice's by dynamic time warping
 * of their cepstra; each eSpeak phoneme's start is carried along the warping path. The two say
 * the same phonemes in the same order, so the path follows them even where the voices differ.
 */
export class PhonemeAligner {
  private readonly analysers = new Map<number, Promise<MfccAnalyser>>();

  constructor(private readonly espeak: () => Promise<EspeakSynthesiser>) {}

  async align(audio: PcmAudio, text: string, language: LanguageCode, context: EngineContext): Promise<PhonemeTiming[]> {
    const guide = await (await this.espeak()).synthesise(text, language, context);
    if (guide.phonemes.length === 0 || audio.samples.length === 0) return [];
    const [voice, reference] = await Promise.all([this.cepstra(audio), this.cepstra(guide.audio)]);
    if (voice.frames < 2 || reference.frames < 2) return [];
    const path = alignFrames(reference, voice);
    const seconds = audio.samples.length / audio.sampleRate;
    const at = (time: number): number => {
      const frame = Math.min(path.length - 1, Math.max(0, Math.round(time / HOP_SECONDS)));
      return Math.min(seconds, path[frame]! * HOP_SECONDS);
    };
    const timings = guide.phonemes.map((phoneme) => ({ phoneme: phoneme.phoneme, start: at(phoneme.start), end: 0 }));
    timings.forEach((timing, i) => {
      timing.end = i + 1 < timings.length ? timings[i + 1]!.start : seconds;
    });
    return timings.filter((timing) => timing.end > timing.start).map(rounded);
  }

  private async cepstra(audio: PcmAudio): Promise<CepstralTrack> {
    const factor = Math.max(1, Math.ceil(audio.sampleRate / MAX_ANALYSIS_RATE));
    const rate = audio.sampleRate / factor;
    const samples = factor === 1 ? audio.samples : decimate(audio.samples, factor);
    let analyser = this.analysers.get(rate);
    if (!analyser) {
      analyser = MfccAnalyser.create(rate);
      this.analysers.set(rate, analyser);
    }
    return normalised((await analyser).analyse(samples, HOP_SECONDS));
  }

  close(): void {
    for (const analyser of this.analysers.values()) void analyser.then((a) => a.dispose());
    this.analysers.clear();
  }
}

/** Each coefficient to zero mean and unit variance over the line: two voices' levels and tilts differ. */
function normalised(track: CepstralTrack): CepstralTrack {
  const { values, coefficients, frames } = track;
  const out = new Float32Array(values.length);
  for (let c = 0; c < coefficients; c++) {
    let sum = 0;
    let squares = 0;
    for (let f = 0; f < frames; f++) {
      const v = values[f * coefficients + c]!;
      sum += v;
      squares += v * v;
    }
    const mean = sum / Math.max(1, frames);
    const deviation = Math.sqrt(Math.max(1e-9, squares / Math.max(1, frames) - mean * mean));
    for (let f = 0; f < frames; f++) out[f * coefficients + c] = (values[f * coefficients + c]! - mean) / deviation;
  }
  return { ...track, values: out };
}

function rounded(timing: PhonemeTiming): PhonemeTiming {
  const round = (value: number): number => Math.round(value * 1000) / 1000;
  return { phoneme: timing.phoneme, start: round(timing.start), end: round(timing.end) };
}
