import { describe, expect, it } from 'vitest';
import { EngineUnavailable } from '@voxlate/core';
import { readWavBytes } from './wav-bytes.js';

function wav(samples: number[], channels: number, dataSize?: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('RIFF'), 0);
  bytes.set(new TextEncoder().encode('WAVEfmt '), 8);
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, 24000, true);
  view.setUint16(34, 16, true);
  bytes.set(new TextEncoder().encode('data'), 36);
  view.setUint32(40, dataSize ?? samples.length * 2, true);
  samples.forEach((sample, i) => view.setInt16(44 + i * 2, sample, true));
  return bytes;
}

describe('WAV from a voice program', () => {
  it('reads 16-bit PCM, mixing channels down to mono', () => {
    const audio = readWavBytes(wav([16384, 0, -16384, -16384], 2), 'Test');
    expect(audio.sampleRate).toBe(24000);
    expect([...audio.samples]).toEqual([0.25, -0.5]);
  });

  it('reads a data chunk whose size was never filled in (written to a pipe) to the end', () => {
    expect(readWavBytes(wav([100, 200, 300], 1, 0x7ffff000), 'Test').samples.length).toBe(3);
  });

  it('refuses what is not a WAV file', () => {
    expect(() => readWavBytes(new TextEncoder().encode('Cannot open output wave file'), 'Pico')).toThrow(
      EngineUnavailable,
    );
  });
});
