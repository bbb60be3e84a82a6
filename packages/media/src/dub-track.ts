import type { ClipRef, PcmAudio, PlacedClip } from '@voxlate/core';
import { resample } from './resample.js';

/** Short fades on every clip edge so a cut never clicks. */
const EDGE_FADE_SECONDS = 0.005;

interface LoadedClip {
  startFrame: number;
  samples: Float32Array;
}

/**
 * The dubbed lines as one stream, built chunk by chunk while the mix streams forward: each
 * clip is loaded and resampled to the output rate when its time comes and dropped after.
 */
export class DubTrack {
  private readonly pending: PlacedClip[];
  private active: LoadedClip[] = [];

  constructor(
    clips: readonly PlacedClip[],
    private readonly sampleRate: number,
    private readonly load: (ref: ClipRef) => Promise<PcmAudio>,
  ) {
    this.pending = [...clips].sort((a, b) => a.start - b.start);
  }

  /** Adds the dub into an interleaved chunk starting at `startFrame`, same signal on every channel. */
  async addInto(chunk: Float32Array, channels: number, startFrame: number): Promise<void> {
    const frames = chunk.length / channels;
    const endFrame = startFrame + frames;
    await this.loadStartingBefore(endFrame);
    for (const clip of this.active) {
      const from = Math.max(startFrame, clip.startFrame);
      const to = Math.min(endFrame, clip.startFrame + clip.samples.length);
      for (let frame = from; frame < to; frame++) {
        const value = clip.samples[frame - clip.startFrame]!;
        const base = (frame - startFrame) * channels;
        for (let c = 0; c < channels; c++) chunk[base + c]! += value;
      }
    }
    this.active = this.active.filter((clip) => clip.startFrame + clip.samples.length > endFrame);
  }

  private async loadStartingBefore(endFrame: number): Promise<void> {
    while (this.pending.length > 0 && Math.round(this.pending[0]!.start * this.sampleRate) < endFrame) {
      const placed = this.pending.shift()!;
      const audio = await this.load(placed.ref);
      const samples = resample(audio.samples, audio.sampleRate, this.sampleRate);
      if (placed.gainDb !== undefined && placed.gainDb !== 0) {
        const gain = 10 ** (placed.gainDb / 20);
        for (let i = 0; i < samples.length; i++) samples[i]! *= gain;
      }
      fadeEdges(samples, Math.round(EDGE_FADE_SECONDS * this.sampleRate));
      this.active.push({ startFrame: Math.round(placed.start * this.sampleRate), samples });
    }
  }
}

export function fadeEdges(samples: Float32Array, fadeLength: number): void {
  const length = Math.min(fadeLength, Math.floor(samples.length / 2));
  for (let i = 0; i < length; i++) {
    const gain = i / length;
    samples[i]! *= gain;
    samples[samples.length - 1 - i]! *= gain;
  }
}
