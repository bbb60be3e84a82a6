import { RealFft } from '../separate/mdx-net/real-fft.js';

/** Third-octave band centres (Hz) over which voices are compared: the band every source carries. */
export const BAND_CENTRES_HZ = [
  125, 160, 200, 250, 315, 400, 500, 630, 800, 1000, 1250, 1600, 2000, 2500, 3150, 4000,
] as const;

const FFT_SIZE = 1024;
const HANN = Float32Array.from(
  { length: FFT_SIZE },
  (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (FFT_SIZE - 1)),
);
/** One transform for every call (two per dubbed line): the work is synchronous, so it is never shared mid-use. */
let sharedFft: Promise<RealFft> | undefined;

/**
 * Long-term average spectrum of the chosen frames (the voiced ones), dB per third-octave band.
 * `frameCentres` are sample positions.
 */
export async function bandSpectrum(
  samples: Float32Array,
  sampleRate: number,
  frameCentres: readonly number[],
): Promise<number[]> {
  const fft = await (sharedFft ??= RealFft.create(FFT_SIZE));
  const power = new Float64Array(FFT_SIZE / 2);
  const frame = new Float32Array(FFT_SIZE);
  const spectrum = new Float32Array(FFT_SIZE);
  for (const centre of frameCentres) {
    const start = Math.round(centre - FFT_SIZE / 2);
    if (start < 0 || start + FFT_SIZE > samples.length) continue;
    for (let i = 0; i < FFT_SIZE; i++) frame[i] = samples[start + i]! * HANN[i]!;
    fft.forward(frame, spectrum);
    for (let k = 1; k < FFT_SIZE / 2; k++) power[k]! += spectrum[2 * k]! ** 2 + spectrum[2 * k + 1]! ** 2;
  }
  return BAND_CENTRES_HZ.map((centre) => {
    const [low, high] = [centre / 2 ** (1 / 6), centre * 2 ** (1 / 6)];
    let sum = 1e-12;
    for (let k = 1; k < FFT_SIZE / 2; k++) {
      const hz = (k * sampleRate) / FFT_SIZE;
      if (hz >= low && hz < high) sum += power[k]!;
    }
    return 10 * Math.log10(sum);
  });
}

/**
 * A linear-phase FIR whose response follows `bandGainsDb` (interpolated in log frequency between
 * the band centres, flat beyond them), by frequency sampling with a Hann window.
 */
export function matchFilter(bandGainsDb: readonly number[], sampleRate: number, taps = 255): Float32Array {
  const half = (taps - 1) / 2;
  const points = 256;
  const response = Array.from(
    { length: points + 1 },
    (_, i) => 10 ** (gainAt((i * sampleRate) / 2 / points, bandGainsDb) / 20),
  );
  const filter = new Float32Array(taps);
  for (let n = 0; n < taps; n++) {
    let sum = response[0]! + response[points]! * Math.cos(Math.PI * (n - half));
    for (let i = 1; i < points; i++) sum += 2 * response[i]! * Math.cos((Math.PI * i * (n - half)) / points);
    filter[n] = (sum / (2 * points)) * (0.5 - 0.5 * Math.cos((2 * Math.PI * n) / (taps - 1)));
  }
  return filter;
}

function gainAt(hz: number, gains: readonly number[]): number {
  const centres = BAND_CENTRES_HZ;
  if (hz <= centres[0]) return gains[0]!;
  if (hz >= centres[centres.length - 1]!) return gains[gains.length - 1]!;
  const position = Math.log2(hz / centres[0]) * 3;
  const below = Math.floor(position);
  return gains[below]! + (gains[below + 1]! - gains[below]!) * (position - below);
}

/** Direct-form convolution, same length, delay of the linear-phase filter removed. */
export function applyFilter(samples: Float32Array, filter: Float32Array): Float32Array {
  const half = (filter.length - 1) / 2;
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    let sum = 0;
    const from = Math.max(0, i - half);
    const to = Math.min(samples.length - 1, i + half);
    for (let j = from; j <= to; j++) sum += samples[j]! * filter[half + i - j]!;
    out[i] = sum;
  }
  return out;
}
