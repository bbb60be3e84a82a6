import { InterSamplePeaks } from './inter-sample-peaks.js';
import type { LoudnessMeasurement } from './loudness.js';

/** Gating blocks are 400 ms long and start every 100 ms (ITU-R BS.1770-4). */
const STEP_SECONDS = 0.1;
const STEPS_PER_BLOCK = 4;
const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
/** What ffmpeg's ebur128 prints for a mix with no block above the absolute gate (silence). */
const SILENT_LUFS = -70;
/** The rate true peak is measured at: ffmpeg's ebur128 oversamples to 192 kHz. */
const TRUE_PEAK_RATE = 192000;

/** One second-order section, direct form I: b0 b1 b2 over a1 a2 (a0 = 1). */
interface Biquad {
  b: [number, number, number];
  a: [number, number];
}

/**
 * The K-weighting of BS.1770 for any sample rate: a high shelf (+4 dB above about 1.7 kHz,
 * the head's effect) then a high pass (about 38 Hz). The analogue prototypes' parameters and the
 * bilinear transform follow libebur128, so the figures match the standard's at 48 kHz.
 */
export function kWeighting(sampleRate: number): [Biquad, Biquad] {
  const shelfK = Math.tan((Math.PI * 1681.974450955533) / sampleRate);
  const shelfQ = 0.7071752369554196;
  const vh = 10 ** (3.999843853973347 / 20);
  const vb = vh ** 0.4996667741545416;
  const shelfA0 = 1 + shelfK / shelfQ + shelfK * shelfK;
  const shelf: Biquad = {
    b: [
      (vh + (vb * shelfK) / shelfQ + shelfK * shelfK) / shelfA0,
      (2 * (shelfK * shelfK - vh)) / shelfA0,
      (vh - (vb * shelfK) / shelfQ + shelfK * shelfK) / shelfA0,
    ],
    a: [(2 * (shelfK * shelfK - 1)) / shelfA0, (1 - shelfK / shelfQ + shelfK * shelfK) / shelfA0],
  };
  const passK = Math.tan((Math.PI * 38.13547087602444) / sampleRate);
  const passQ = 0.5003270373238773;
  const passA0 = 1 + passK / passQ + passK * passK;
  const highPass: Biquad = {
    b: [1, -2, 1],
    a: [(2 * (passK * passK - 1)) / passA0, (1 - passK / passQ + passK * passK) / passA0],
  };
  return [shelf, highPass];
}

/**
 * EBU R128 integrated loudness and true peak of an interleaved stream (one or two channels,
 * each weighted 1), measured in the process as it is fed, chunk by chunk: what ffmpeg's
 * `ebur128=peak=true` reports, without a process or a second read of the audio.
 */
export class LoudnessMeter {
  private readonly filters: [Biquad, Biquad];
  /** Per channel: x1 x2 y1 y2 of the shelf, then y1 y2 of the high pass (its x1 x2 are the shelf's y). */
  private readonly state: Float64Array;
  private readonly stepFrames: number;
  private stepEnergy = 0;
  private stepFill = 0;
  private readonly steps: number[] = [];
  private readonly peaks: InterSamplePeaks | undefined;
  private peak = 0;

  constructor(
    sampleRate: number,
    private readonly channels: number,
    options: { truePeak: boolean } = { truePeak: true },
  ) {
    this.filters = kWeighting(sampleRate);
    this.state = new Float64Array(6 * channels);
    this.stepFrames = Math.max(1, Math.round(STEP_SECONDS * sampleRate));
    const factor = Math.max(4, Math.round(TRUE_PEAK_RATE / sampleRate));
    this.peaks = options.truePeak ? new InterSamplePeaks(channels, factor) : undefined;
  }

  /** Measures one interleaved chunk (whole frames). */
  add(chunk: Float32Array): void {
    const frames = chunk.length / this.channels;
    let offset = 0;
    while (offset < frames) {
      const take = Math.min(frames - offset, this.stepFrames - this.stepFill);
      this.stepEnergy += this.weightedEnergy(chunk, offset, take);
      this.stepFill += take;
      offset += take;
      if (this.stepFill === this.stepFrames) {
        this.steps.push(this.stepEnergy);
        this.stepEnergy = 0;
        this.stepFill = 0;
      }
    }
    if (this.peaks) this.notePeaks(this.peaks.push(chunk, this.peak));
  }

  /** The integrated loudness (gated; -70 LUFS for silence, as ffmpeg prints it) and the true peak. */
  result(): LoudnessMeasurement {
    if (this.peaks) this.notePeaks(this.peaks.flush(this.peak));
    return {
      integratedLufs: this.integrated(),
      truePeakDb: this.peak > 0 ? 20 * Math.log10(this.peak) : -Infinity,
    };
  }

  private notePeaks(peaks: Float32Array): void {
    for (let i = 0; i < peaks.length; i++) if (peaks[i]! > this.peak) this.peak = peaks[i]!;
  }

  /** The K-weighted sum of squares of `count` frames from `offset`, every channel. */
  private weightedEnergy(chunk: Float32Array, offset: number, count: number): number {
    const [shelf, pass] = this.filters;
    const [sb0, sb1, sb2] = shelf.b;
    const [sa1, sa2] = shelf.a;
    const [pb0, pb1, pb2] = pass.b;
    const [pa1, pa2] = pass.a;
    const channels = this.channels;
    let energy = 0;
    for (let c = 0; c < channels; c++) {
      const s = 6 * c;
      let [x1, x2, y1, y2, z1, z2] = [
        this.state[s]!,
        this.state[s + 1]!,
        this.state[s + 2]!,
        this.state[s + 3]!,
        this.state[s + 4]!,
        this.state[s + 5]!,
      ];
      for (let i = offset; i < offset + count; i++) {
        const x = chunk[i * channels + c]!;
        const y = sb0 * x + sb1 * x1 + sb2 * x2 - sa1 * y1 - sa2 * y2;
        const z = pb0 * y + pb1 * y1 + pb2 * y2 - pa1 * z1 - pa2 * z2;
        x2 = x1;
        x1 = x;
        y2 = y1;
        y1 = y;
        z2 = z1;
        z1 = z;
        energy += z * z;
      }
      this.state.set([x1, x2, y1, y2, z1, z2], s);
    }
    return energy;
  }

  /** The gated mean of the 400 ms blocks' mean squares, as loudness. */
  private integrated(): number {
    const blockFrames = STEPS_PER_BLOCK * this.stepFrames;
    const blocks: number[] = [];
    for (let j = 0; j + STEPS_PER_BLOCK <= this.steps.length; j++) {
      let sum = 0;
      for (let k = 0; k < STEPS_PER_BLOCK; k++) sum += this.steps[j + k]!;
      blocks.push(sum / blockFrames);
    }
    const audible = blocks.filter((z) => loudnessOf(z) > ABSOLUTE_GATE_LUFS);
    if (audible.length === 0) return SILENT_LUFS;
    const relativeGate = loudnessOf(mean(audible)) + RELATIVE_GATE_LU;
    const gated = audible.filter((z) => loudnessOf(z) > relativeGate);
    return loudnessOf(mean(gated));
  }
}

function loudnessOf(meanSquare: number): number {
  return meanSquare > 0 ? -0.691 + 10 * Math.log10(meanSquare) : -Infinity;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
