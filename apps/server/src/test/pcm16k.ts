import { execFileSync } from 'node:child_process';

/** Any media file (or ffmpeg input arguments) as 16 kHz mono signed 16-bit little-endian PCM. */
export function pcm16kOf(...input: string[]): Buffer {
  const args = input.length === 1 ? ['-i', input[0]!] : input;
  return execFileSync('ffmpeg', ['-v', 'error', ...args, '-ac', '1', '-ar', '16000', '-f', 's16le', '-'], {
    maxBuffer: 256 * 1024 * 1024,
  });
}
