import { EngineUnavailable, type PcmAudio } from '@voxlate/core';

/**
 * The samples of a 16-bit PCM WAV file, as the Debian voice programs write them (RHVoice, flite,
 * SVOX Pico, Open JTalk), mixed down to mono. A data chunk whose size field is wrong (a program
 * that wrote to a pipe cannot seek back to fill it in) is read to the end of the file.
 */
export function readWavBytes(bytes: Uint8Array, program: string): PcmAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number): string => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') {
    throw new EngineUnavailable(`${program} wrote no WAV audio.`);
  }
  let offset = 12;
  let channels = 0;
  let sampleRate = 0;
  let bits = 0;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
    } else if (id === 'data') {
      if (bits !== 16 || channels < 1)
        throw new EngineUnavailable(`${program} wrote ${bits}-bit audio, not 16-bit PCM.`);
      const end = size === 0 || body + size > bytes.length ? bytes.length : body + size;
      return { samples: monoOf(view, body, end, channels), sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new EngineUnavailable(`${program} wrote a WAV file without audio data.`);
}

function monoOf(view: DataView, start: number, end: number, channels: number): Float32Array {
  const frames = Math.floor((end - start) / (2 * channels));
  const samples = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += view.getInt16(start + (i * channels + c) * 2, true);
    samples[i] = sum / channels / 32768;
  }
  return samples;
}
