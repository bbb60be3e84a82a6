import sherpa from 'sherpa-onnx-node';
import type { PcmAudio } from '@voxlate/core';

/**
 * Speakers' references at a cloner's rate, resampled once per reference (a speaker's reference
 * serves all their lines) with sherpa-onnx's resampler, quietly: sherpa-onnx resamples too when
 * given another rate, but says so on stderr at every line. Keyed by the samples they came from.
 */
export class ReferencesAtRate {
  private readonly resampled = new WeakMap<Float32Array, PcmAudio>();

  constructor(private readonly rate: number) {}

  of(audio: PcmAudio): PcmAudio {
    if (audio.sampleRate === this.rate) return audio;
    let resampled = this.resampled.get(audio.samples);
    if (!resampled) {
      resampled = {
        samples: new sherpa.LinearResampler(audio.sampleRate, this.rate).flush(audio.samples),
        sampleRate: this.rate,
      };
      this.resampled.set(audio.samples, resampled);
    }
    return resampled;
  }
}
