import { concatSamples, type VoiceFrame, type VoiceFrameStream } from '@voxlate/core';
import { ANALYSIS_RATE } from './fixed-frames.js';
import { SILENCE_DB } from '../dsp/frame-energy.js';

/**
 * A detector's live stream: samples arrive in any sizes, are cut into the detector's frames
 * (the remainder waits for the next samples), and each frame is judged and given its level.
 */
export function liveFrames(
  frameSamples: number,
  isSpeech: (frame: Float32Array) => Promise<boolean> | boolean,
): VoiceFrameStream {
  let pending = new Float32Array(0);
  let index = 0;
  const seconds = frameSamples / ANALYSIS_RATE;
  return {
    async push(samples) {
      const all = pending.length === 0 ? samples : concatSamples([pending, samples]);
      const frames: VoiceFrame[] = [];
      let offset = 0;
      for (; offset + frameSamples <= all.length; offset += frameSamples) {
        const frame = all.subarray(offset, offset + frameSamples);
        frames.push({ start: index++ * seconds, seconds, speech: await isSpeech(frame), energyDb: levelDb(frame) });
      }
      pending = all.slice(offset);
      return frames;
    },
  };
}

function levelDb(frame: Float32Array): number {
  let sum = 0;
  for (const sample of frame) sum += sample * sample;
  const power = sum / frame.length;
  return power > 1e-10 ? 10 * Math.log10(power) : SILENCE_DB;
}
