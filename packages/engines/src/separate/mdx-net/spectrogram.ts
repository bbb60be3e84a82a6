import type { MdxGeometry } from './mdx-geometry.js';
import { chunkSamples } from './mdx-geometry.js';
import type { RealFft } from './real-fft.js';

/**
 * The STFT MDX-Net models are trained on (torch.stft: periodic Hann window, centred frames with
 * reflect padding) and its inverse, for one chunk of stereo audio. The network's tensor is
 * [1, 2 x channels, dim_f, dim_t]: per channel its real then imaginary parts, the lowest dim_f
 * bins, dim_t frames.
 */
export class Spectrogram {
  private readonly window: Float32Array;
  private readonly frame: Float32Array;
  private readonly spectrum: Float32Array;

  constructor(
    private readonly geometry: MdxGeometry,
    private readonly fft: RealFft,
  ) {
    const { nFft } = geometry;
    if (geometry.dimF > nFft / 2) throw new Error(`dim_f ${geometry.dimF} exceeds the ${nFft / 2} bins below Nyquist.`);
    this.window = Float32Array.from({ length: nFft }, (_, n) => 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / nFft));
    this.frame = new Float32Array(nFft);
    this.spectrum = new Float32Array(nFft);
  }

  /** One chunk (chunkSamples long per channel) -> the network's input tensor. */
  forward(channels: readonly Float32Array[]): Float32Array {
    const { nFft, hop, dimF, dimT } = this.geometry;
    const tensor = new Float32Array(2 * channels.length * dimF * dimT);
    const half = nFft / 2;
    for (const [c, samples] of channels.entries()) {
      const real = 2 * c * dimF * dimT;
      const imaginary = real + dimF * dimT;
      for (let t = 0; t < dimT; t++) {
        for (let n = 0; n < nFft; n++) this.frame[n] = reflected(samples, t * hop + n - half) * this.window[n]!;
        this.fft.forward(this.frame, this.spectrum);
        tensor[real + t] = this.spectrum[0]!;
        tensor[imaginary + t] = 0;
        for (let f = 1; f < dimF; f++) {
          tensor[real + f * dimT + t] = this.spectrum[2 * f]!;
          tensor[imaginary + f * dimT + t] = this.spectrum[2 * f + 1]!;
        }
      }
    }
    return tensor;
  }

  /** The network's output tensor -> one chunk per channel (bins above dim_f are silent). */
  inverse(tensor: Float32Array, channelCount: number): Float32Array[] {
    const { nFft, hop, dimF, dimT } = this.geometry;
    const length = chunkSamples(this.geometry);
    const half = nFft / 2;
    const windowSum = new Float32Array(length + nFft);
    for (let t = 0; t < dimT; t++) for (let n = 0; n < nFft; n++) windowSum[t * hop + n]! += this.window[n]! ** 2;
    return Array.from({ length: channelCount }, (_, c) => {
      const sum = new Float32Array(length + nFft);
      const real = 2 * c * dimF * dimT;
      const imaginary = real + dimF * dimT;
      for (let t = 0; t < dimT; t++) {
        this.spectrum.fill(0);
        this.spectrum[0] = tensor[real + t]!;
        for (let f = 1; f < dimF; f++) {
          this.spectrum[2 * f] = tensor[real + f * dimT + t]!;
          this.spectrum[2 * f + 1] = tensor[imaginary + f * dimT + t]!;
        }
        this.fft.inverse(this.spectrum, this.frame);
        for (let n = 0; n < nFft; n++) sum[t * hop + n]! += this.frame[n]! * this.window[n]!;
      }
      const out = new Float32Array(length);
      for (let i = 0; i < length; i++) {
        const weight = windowSum[i + half]!;
        out[i] = weight > 1e-10 ? sum[i + half]! / weight : 0;
      }
      return out;
    });
  }
}

/** torch's reflect padding: index -1 reads 1, index L reads L - 2. */
function reflected(samples: Float32Array, index: number): number {
  const last = samples.length - 1;
  let i = index;
  if (i < 0) i = -i;
  if (i > last) i = 2 * last - i;
  return samples[Math.min(Math.max(i, 0), last)]!;
}
