/** F0 per frame: Hz where voiced, 0 where not. */
export interface PitchTrack {
  /** Seconds between frame centres; frame i is centred at i * hopSeconds. */
  hopSeconds: number;
  f0: Float32Array;
}

export interface PitchOptions {
  minHz: number;
  maxHz: number;
  hopSeconds: number;
  /** YIN's threshold on the cumulative-mean-normalised difference (lower is stricter). */
  threshold: number;
  /** Frames quieter than this RMS (full scale 1) are unvoiced whatever their periodicity. */
  silenceRms: number;
}

/** Speech F0 lies in 60-500 Hz for men, women and children alike. */
export const SPEECH_PITCH: PitchOptions = {
  minHz: 60,
  maxHz: 500,
  hopSeconds: 0.01,
  threshold: 0.3,
  silenceRms: 0.004,
};

/**
 * Sample positions of the centres of the voiced frames (every `step`-th frame), where long-term
 * measures (spectrum, formants) look: voiced speech carries the timbre, pauses and hiss do not.
 */
export function voicedFrameCentres(f0: ArrayLike<number>, hopSeconds: number, sampleRate: number, step = 1): number[] {
  const centres: number[] = [];
  for (let i = 0; i < f0.length; i += step) {
    if (f0[i]! > 0) centres.push(i * hopSeconds * sampleRate);
  }
  return centres;
}

/** The rate YIN runs at: plenty for a 500 Hz F0 and four times cheaper than 16 kHz. */
const ANALYSIS_RATE = 8000;

/**
 * YIN (de Cheveigné & Kawahara, 2002) on an 8 kHz copy: difference function, cumulative-mean
 * normalisation, absolute threshold, parabolic refinement; then a 5-frame median over voiced
 * runs removes single-frame octave jumps.
 */
export function trackPitch(
  samples: Float32Array,
  sampleRate: number,
  options: PitchOptions = SPEECH_PITCH,
): PitchTrack {
  const factor = Math.max(1, Math.floor(sampleRate / ANALYSIS_RATE));
  const signal = factor > 1 ? decimate(samples, factor) : samples;
  const rate = sampleRate / factor;
  const minTau = Math.floor(rate / options.maxHz);
  const maxTau = Math.ceil(rate / options.minHz);
  const window = maxTau;
  const hop = options.hopSeconds * rate;
  const frames = Math.max(0, Math.floor(samples.length / sampleRate / options.hopSeconds));
  const f0 = new Float32Array(frames);
  const levels = new Float32Array(frames);
  const difference = new Float32Array(maxTau + 1);
  for (let i = 0; i < frames; i++) {
    const start = Math.round(i * hop - window / 2);
    if (start < 0 || start + window + maxTau > signal.length) continue;
    levels[i] = rms(signal, start, window);
    if (levels[i]! < options.silenceRms) continue;
    f0[i] = yinFrame(signal, start, window, minTau, maxTau, difference, options.threshold, rate);
  }
  quietFramesUnvoiced(f0, levels);
  return { hopSeconds: options.hopSeconds, f0: medianOverVoiced(foldOctaves(withoutIslands(f0))) };
}

/** Frames this far under the clip's loudest are background (hum, another room's voice), not its speech. */
const QUIET_UNDER_LOUDEST_DB = 30;

function quietFramesUnvoiced(f0: Float32Array, levels: Float32Array): void {
  // A loop, not Math.max(...levels): an hour of frames is more arguments than a call may take.
  const floor = levels.reduce((loudest, level) => Math.max(loudest, level), 0) * 10 ** (-QUIET_UNDER_LOUDEST_DB / 20);
  for (let i = 0; i < f0.length; i++) if (levels[i]! < floor) f0[i] = 0;
}

/** Voiced runs shorter than this (frames) are unvoiced: no syllable is that short, clicks and hum are. */
const SHORTEST_VOICED_RUN = 4;

function withoutIslands(f0: Float32Array): Float32Array {
  const out = f0.slice();
  let runStart = -1;
  for (let i = 0; i <= f0.length; i++) {
    const voiced = i < f0.length && f0[i]! > 0;
    if (voiced && runStart < 0) runStart = i;
    if (!voiced && runStart >= 0) {
      if (i - runStart < SHORTEST_VOICED_RUN) out.fill(0, runStart, i);
      runStart = -1;
    }
  }
  return out;
}

/** Frames either side whose median is the reference a frame's octave is judged against (0.5 s). */
const OCTAVE_CONTEXT_FRAMES = 25;
/** A frame more than this many semitones from its context is an octave error if folding brings it closer. */
const OCTAVE_ERROR_SEMITONES = 7;

/**
 * YIN's best-known failure: a dip at half or twice the period passes the threshold first, and
 * whole runs read an octave off (a woman at 260 Hz read at 520 for 60 ms). Such frames are
 * folded by octaves towards the median of the voiced frames around them, which a short run of
 * errors does not move.
 */
function foldOctaves(f0: Float32Array): Float32Array {
  const out = f0.slice();
  for (let i = 0; i < f0.length; i++) {
    if (f0[i]! <= 0) continue;
    const context = voicedMedianAround(f0, i, OCTAVE_CONTEXT_FRAMES);
    let best = f0[i]!;
    if (Math.abs(12 * Math.log2(best / context)) <= OCTAVE_ERROR_SEMITONES) continue;
    for (const fold of [0.5, 2, 1 / 3, 3]) {
      const candidate = f0[i]! * fold;
      if (Math.abs(Math.log2(candidate / context)) < Math.abs(Math.log2(best / context))) best = candidate;
    }
    out[i] = best;
  }
  return out;
}

/** The median of the voiced frames within `half` frames of `at` (at itself voiced). */
function voicedMedianAround(f0: Float32Array, at: number, half: number): number {
  const around: number[] = [];
  const from = Math.max(0, at - half);
  const to = Math.min(f0.length - 1, at + half);
  for (let k = from; k <= to; k++) if (f0[k]! > 0) around.push(f0[k]!);
  around.sort((a, b) => a - b);
  return around[Math.floor(around.length / 2)]!;
}

function yinFrame(
  signal: Float32Array,
  start: number,
  window: number,
  minTau: number,
  maxTau: number,
  d: Float32Array,
  threshold: number,
  rate: number,
): number {
  let runningSum = 0;
  d[0] = 1;
  for (let tau = 1; tau <= maxTau; tau++) {
    let sum = 0;
    for (let j = start; j < start + window; j++) {
      const delta = signal[j]! - signal[j + tau]!;
      sum += delta * delta;
    }
    runningSum += sum;
    d[tau] = runningSum > 0 ? (sum * tau) / runningSum : 1;
  }
  let best = -1;
  for (let tau = minTau; tau < maxTau; tau++) {
    if (d[tau]! < threshold) {
      while (tau + 1 < maxTau && d[tau + 1]! < d[tau]!) tau++;
      best = tau;
      break;
    }
  }
  if (best < 0) return 0;
  const before = d[best - 1]!;
  const at = d[best]!;
  const after = d[best + 1]!;
  const curvature = before - 2 * at + after;
  const refined = curvature > 0 ? best + (0.5 * (before - after)) / curvature : best;
  return rate / refined;
}

function rms(signal: Float32Array, start: number, length: number): number {
  let sum = 0;
  for (let i = start; i < start + length; i++) sum += signal[i]! * signal[i]!;
  return Math.sqrt(sum / length);
}

/** Low-pass (windowed sinc at 0.9 x the new Nyquist) and keep every `factor`-th sample. */
export function decimate(samples: Float32Array, factor: number): Float32Array {
  const taps = lowPassTaps(0.45 / factor, 8 * factor + 1);
  const half = (taps.length - 1) / 2;
  const out = new Float32Array(Math.floor(samples.length / factor));
  for (let o = 0; o < out.length; o++) {
    const centre = o * factor;
    let sum = 0;
    for (let k = 0; k < taps.length; k++) {
      const index = centre + k - half;
      if (index >= 0 && index < samples.length) sum += samples[index]! * taps[k]!;
    }
    out[o] = sum;
  }
  return out;
}

/** Hann-windowed sinc low-pass; `cutoff` as a fraction of the sample rate. */
function lowPassTaps(cutoff: number, length: number): Float32Array {
  const taps = new Float32Array(length);
  const half = (length - 1) / 2;
  let sum = 0;
  for (let k = 0; k < length; k++) {
    const x = k - half;
    const sinc = x === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * x) / (Math.PI * x);
    taps[k] = sinc * (0.5 - 0.5 * Math.cos((2 * Math.PI * k) / (length - 1)));
    sum += taps[k]!;
  }
  for (let k = 0; k < length; k++) taps[k] = taps[k]! / sum;
  return taps;
}

function medianOverVoiced(f0: Float32Array): Float32Array {
  const out = f0.slice();
  for (let i = 0; i < f0.length; i++) {
    if (f0[i] === 0) continue;
    out[i] = voicedMedianAround(f0, i, 2);
  }
  return out;
}
