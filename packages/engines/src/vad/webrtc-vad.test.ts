import { describe, expect, it } from 'vitest';
import type { AudioSource } from '@voxlate/core';
import { WebRtcVad } from './webrtc-vad.js';

const RATE = 16000;

/** Analysis audio that declares `declaredSeconds` but yields `chunkCount` chunks of noise. */
function source(declaredSeconds: number, chunkCount: number): AudioSource & { pulled: () => number } {
  let pulled = 0;
  return {
    path: '/dev/null',
    sampleRate: RATE,
    duration: declaredSeconds,
    read: () => Promise.resolve(new Float32Array(0)),
    async *chunks(chunkSeconds: number) {
      for (let i = 0; i < chunkCount; i++) {
        pulled++;
        const chunk = new Float32Array(Math.round(chunkSeconds * RATE));
        for (let s = 0; s < chunk.length; s++) chunk[s] = Math.sin(s / 7) * 0.3;
        yield await Promise.resolve(chunk);
      }
    },
    pulled: () => pulled,
  };
}

describe('WebRtcVad', () => {
  it('classifies every 30 ms frame of the declared length', async () => {
    const vad = await WebRtcVad.create();
    const frames = await vad.detect(source(25, 3), {});
    expect(frames.frameSeconds).toBe(0.03);
    expect(frames.speech.length).toBe(Math.floor((25 * RATE) / 480));
  });

  it('stops reading once the declared length is covered, however much audio follows', async () => {
    // Before: every chunk past the declared length was appended to a remainder copied again on
    // each chunk, quadratic in the excess (2 h of audio declared as 5 s took minutes and GBs).
    const vad = await WebRtcVad.create();
    const audio = source(5, 720);
    const frames = await vad.detect(audio, {});
    expect(frames.speech.length).toBe(Math.floor((5 * RATE) / 480));
    expect(audio.pulled()).toBe(1);
  });

  it('gives the frames there are when the audio is shorter than declared', async () => {
    const vad = await WebRtcVad.create();
    const frames = await vad.detect(source(60, 2), {});
    expect(frames.speech.length).toBe(Math.floor((20 * RATE) / 480));
  });
});
