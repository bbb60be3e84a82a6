import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ffmpeg, makeSpeechWav } from '../../../../packages/dubber/src/test/make-media.js';

/** A container the suite corrupts, and the endpoint that takes it. */
export interface Container {
  name: string;
  /** File extension given as the upload's name. */
  extension: string;
  /** Video containers go to /process-video, audio ones to /translate. */
  video: boolean;
  /** ffmpeg output options from the speech WAV (and, for video, a small test picture). */
  encode: string[];
}

export const CONTAINERS: readonly Container[] = [
  { name: 'wav', extension: 'wav', video: false, encode: ['-c:a', 'pcm_s16le'] },
  { name: 'mp3', extension: 'mp3', video: false, encode: ['-c:a', 'libmp3lame', '-b:a', '64k'] },
  { name: 'm4a', extension: 'm4a', video: false, encode: ['-c:a', 'aac', '-b:a', '64k'] },
  { name: 'ogg', extension: 'ogg', video: false, encode: ['-c:a', 'libvorbis'] },
  { name: 'opus', extension: 'opus', video: false, encode: ['-c:a', 'libopus', '-b:a', '32k'] },
  { name: 'flac', extension: 'flac', video: false, encode: ['-c:a', 'flac'] },
  { name: 'aac', extension: 'aac', video: false, encode: ['-c:a', 'aac', '-f', 'adts'] },
  {
    name: 'mp4',
    extension: 'mp4',
    video: true,
    encode: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
  },
  {
    name: 'mkv',
    extension: 'mkv',
    video: true,
    encode: ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'libopus'],
  },
  {
    name: 'webm',
    extension: 'webm',
    video: true,
    encode: ['-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libvorbis'],
  },
  { name: 'avi', extension: 'avi', video: true, encode: ['-c:v', 'mjpeg', '-c:a', 'libmp3lame'] },
  {
    name: 'mov',
    extension: 'mov',
    video: true,
    encode: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
  },
  { name: 'ts', extension: 'ts', video: true, encode: ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'mp2'] },
];

/** The base media every media case starts from, made once per run in `dir`. */
export interface BaseMedia {
  dir: string;
  /** One spoken English line with pauses (eSpeak NG), 44.1 kHz stereo WAV. */
  speechWav: string;
  /** The same speech in each container. */
  files: ReadonlyMap<string, Buffer>;
}

export async function makeBaseMedia(dir: string): Promise<BaseMedia> {
  const speechWav = await makeSpeechWav(dir, ['Welcome back to the channel.']);
  const files = new Map<string, Buffer>();
  for (const container of CONTAINERS) {
    const path = join(dir, `base.${container.extension}`);
    if (container.video) {
      ffmpeg`-f lavfi -i testsrc2=size=160x120:rate=15 -i ${speechWav} -shortest ${container.encode} ${path}`;
    } else {
      ffmpeg`-i ${speechWav} ${container.encode} ${path}`;
    }
    files.set(container.name, readFileSync(path));
  }
  return { dir, speechWav, files };
}
