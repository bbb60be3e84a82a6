import type { PcmAudio } from '../audio.js';
import { fitOf, placedSpan } from '../placement.js';
import type { Segment } from '../timeline.js';
import { quantile } from '../voice/track-math.js';
import type { LipSyncLine } from './lip-sync-types.js';

/**
 * A dubbed segment as lip sync needs it: where its speech sits in the output, and its phonemes
 * on the output's clock (the synthesised timings divided by the tempo the line was sped up by).
 * Undefined for a segment with no dubbed speech.
 */
export function dubbedLine(segment: Segment): LipSyncLine | undefined {
  const span = placedSpan(segment);
  if (!span) return undefined;
  const tempo = fitOf(segment).tempo;
  return {
    segmentId: segment.id,
    speaker: segment.speaker ?? 'S1',
    start: span.start,
    end: span.end,
    phonemes: (segment.phonemes ?? []).map((p) => ({ phoneme: p.phoneme, start: p.start / tempo, end: p.end / tempo })),
  };
}

/**
 * The dubbed speech's level at each video frame, 0-1 (its RMS over the frame against the
 * line's loud frames): what the mouth follows when the voice gave no phoneme timings.
 */
export function frameLoudness(audio: PcmAudio, fps: number): number[] {
  const rms = frameRms(audio, fps, Math.floor((audio.samples.length * fps) / audio.sampleRate));
  const loud = quantile(rms, 0.9);
  return rms.map((value) => (loud > 0 ? Math.min(1, value / loud) : 0));
}

/** The RMS of the samples each of `frames` video frames spans (0 past the audio's end). */
export function frameRms(audio: PcmAudio, fps: number, frames: number): number[] {
  const hop = audio.sampleRate / fps;
  return Array.from({ length: frames }, (_, i) => {
    const from = Math.round(i * hop);
    const to = Math.min(audio.samples.length, Math.round((i + 1) * hop));
    let sum = 0;
    for (let k = from; k < to; k++) sum += audio.samples[k]! ** 2;
    return Math.sqrt(sum / Math.max(1, to - from));
  });
}
