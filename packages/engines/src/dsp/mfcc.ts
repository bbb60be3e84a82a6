import { RealFft } from '../separate/mdx-net/real-fft.js';

/** Mel-frequency cepstra per frame, c1..cN (c0, the level, is left out: it says how loud, not who). */
export interface CepstralTrack {
  hopSeconds: number;
  coefficients: number;
  /** Frame-major: frame i is values[i * coefficients .. (i + 1) * coefficients). */
  values: Float32Array;
  frames: number;
}

const FFT_SIZE = 512;
const WINDOW_SECONDS = 0.025;
const MEL_BANDS = 24;
/** 100-4000 Hz: the band every source has (telephone and 8 kHz recordings included). */
const LOW_HZ = 100;
const HIGH_HZ = 4000;
const PRE_EMPHASIS = 0.97;

/**
 * MFCCs the textbook way (pre-emphasis, Hamming window, power spectrum, triangular mel
 * filters, log, DCT-II), on 16 kHz analysis audio.
 */
export class MfccAnalyser {
  private readonly window: Float32Array;
  private readonly filters: Float32Array[];
  private readonly frame = new Float32Array(FFT_SIZE);
  private readonly spectrum = new Float32Array(FFT_SIZE);

  private constructor(
    private readonly fft: RealFft,
    private readonly sampleRate: number,
    readonly coefficients: number,
  ) {
    const length = Math.round(WINDOW_SECONDS * sampleRate);
    this.window = Float32Array.from({ length }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (length - 1)));
    this.filters = melFilters(sampleRate);
  }

  static async create(sampleRate: number, coefficients = 12): Promise<MfccAnalyser> {
    return new MfccAnalyser(await RealFft.create(FFT_SIZE), sampleRate, coefficients);
  }

  analyse(samples: Float32Array, hopSeconds = 0.01): CepstralTrack {
    const frames = Math.max(0, Math.floor((samples.length - this.window.length) / (hopSeconds * this.sampleRate)) + 1);
    const values = new Float32Array(frames * this.coefficients);
    const logMel = new Float32Array(MEL_BANDS);
    for (let i = 0; i < frames; i++) {
      this.powerSpectrum(samples, Math.round(i * hopSeconds * this.sampleRate));
      for (let b = 0; b < MEL_BANDS; b++) {
        const filter = this.filters[b]!;
        let energy = 0;
        for (let k = 0; k < filter.length; k++) energy += filter[k]! * this.binPower(k);
        logMel[b] = Math.log(energy + 1e-10);
      }
      for (let c = 1; c <= this.coefficients; c++) {
        let sum = 0;
        for (let b = 0; b < MEL_BANDS; b++) sum += logMel[b]! * Math.cos((Math.PI * c * (b + 0.5)) / MEL_BANDS);
        values[i * this.coefficients + c - 1] = sum;
      }
    }
    return { hopSeconds, coefficients: this.coefficients, values, frames };
  }

  dispose(): void {
    this.fft.dispose();
  }

  private powerSpectrum(samples: Float32Array, start: number): void {
    this.frame.fill(0);
    for (let i = 0; i < this.window.length; i++) {
      const previous = start + i > 0 ? samples[start + i - 1]! : 0;
      this.frame[i] = (samples[start + i]! - PRE_EMPHASIS * previous) * this.window[i]!;
    }
    this.fft.forward(this.frame, this.spectrum);
  }

  /** Power of bin k (0..N/2) from PFFFT's packed order [DC, Nyquist, re1, im1, ...]. */
  private binPower(k: number): number {
    if (k === 0) return this.spectrum[0]! ** 2;
    if (k === FFT_SIZE / 2) return this.spectrum[1]! ** 2;
    return this.spectrum[2 * k]! ** 2 + this.spectrum[2 * k + 1]! ** 2;
  }
}

const toMel = (hz: number): number => 2595 * Math.log10(1 + hz / 700);
const fromMel = (mel: number): number => 700 * (10 ** (mel / 2595) - 1);

/** Triangular filters, each a weight per FFT bin 0..N/2 (zero outside its band). */
function melFilters(sampleRate: number): Float32Array[] {
  const bins = FFT_SIZE / 2 + 1;
  const low = toMel(LOW_HZ);
  const high = toMel(Math.min(HIGH_HZ, sampleRate / 2));
  const edges = Array.from({ length: MEL_BANDS + 2 }, (_, i) => fromMel(low + ((high - low) * i) / (MEL_BANDS + 1)));
  return Array.from({ length: MEL_BANDS }, (_, b) => {
    const filter = new Float32Array(bins);
    const [left, centre, right] = [edges[b]!, edges[b + 1]!, edges[b + 2]!];
    for (let k = 0; k < bins; k++) {
      const hz = (k * sampleRate) / FFT_SIZE;
      if (hz > left && hz < right)
        filter[k] = hz <= centre ? (hz - left) / (centre - left) : (right - hz) / (right - centre);
    }
    return filter;
  });
}
