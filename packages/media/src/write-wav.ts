import { writeFile } from 'node:fs/promises';
import { pcm16Of, type PcmAudio } from '@voxlate/core';

/** Writes mono audio as a 16-bit PCM WAV file. */
export async function writeWav(path: string, audio: PcmAudio): Promise<void> {
  await writeFile(path, wavBytesOf(audio));
}

/** Mono audio as the bytes of a 16-bit PCM WAV file. */
export function wavBytesOf(audio: PcmAudio): Buffer {
  const pcm = pcm16Of(audio.samples);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(audio.sampleRate, 24);
  header.writeUInt32LE(audio.sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
