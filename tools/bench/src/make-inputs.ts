import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ffmpeg } from '../../../packages/dubber/src/test/make-media.js';

export const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
export const CODEC2_RAW = '/usr/share/codec2/raw';

export interface BenchInput {
  name: string;
  path: string;
  /** Reference transcript, when the recording has one. */
  reference?: string;
  /** Dub with lip sync. */
  lipSync?: boolean;
}

/** The five librivox clips with their transcripts (pocketsphinx-testdata). */
export function librivoxClips(): BenchInput[] {
  const transcripts = readFileSync(join(LIBRIVOX, 'transcription'), 'utf8').trim().split('\n');
  return transcripts.map((line) => {
    const match = /^<s> (.*) <\/s> \((.*)\)$/.exec(line.trim())!;
    return { name: `librivox ${match[2]!.slice(-4)}`, path: join(LIBRIVOX, `${match[2]}.wav`), reference: match[1]! };
  });
}

/** codec2-examples' long real recordings (8 kHz raw), converted to WAV once. */
export function codec2Recordings(dir: string): BenchInput[] {
  return ['ve9qrp', 'vk5qi', 'cq_ref'].flatMap((name) => {
    const raw = join(CODEC2_RAW, `${name}.raw`);
    if (!existsSync(raw)) return [];
    const path = join(dir, `${name}.wav`);
    ffmpeg`-f s16le -ar 8000 -ac 1 -i ${raw} ${path}`;
    return [{ name: `codec2 ${name}`, path }];
  });
}

/** An ffmpeg concat list of `files`, written as `dir/name` (read with `-f concat -safe 0 -i`). */
export function concatList(dir: string, name: string, files: readonly string[]): string {
  const list = join(dir, name);
  writeFileSync(list, files.map((file) => `file '${file}'`).join('\n'));
  return list;
}

/** All real speech joined once, then looped to the wanted length, as a 44.1 kHz stereo AAC file. */
export function loopedRecording(dir: string, seconds: number, name: string): string {
  const sources = [...librivoxClips().map((clip) => clip.path), ...codec2Recordings(dir).map((input) => input.path)];
  const list = concatList(dir, 'sources.txt', sources);
  const joined = join(dir, 'all-speech.wav');
  ffmpeg`-f concat -safe 0 -i ${list} -ar 16000 -ac 1 ${joined}`;
  const path = join(dir, name);
  ffmpeg`-stream_loop -1 -i ${joined} -t ${seconds} -ar 44100 -ac 2 -c:a aac -b:a 96k ${path}`;
  return path;
}

/** A 60 s 1280x720 H.264 video whose sound is real speech. */
export function speechVideo(dir: string, seconds = 60): string {
  const audio = loopedRecording(dir, seconds, 'speech-60s.m4a');
  const path = join(dir, 'talk-720p.mp4');
  ffmpeg`-f lavfi -i testsrc2=size=1280x720:rate=30 -i ${audio} -t ${seconds} -c:v libx264 -preset veryfast -pix_fmt yuv420p -c:a copy ${path}`;
  return path;
}

/** Debian's kphotoalbum demo clip: a man talking to the camera (160x120, 15 fps, 4.5 s), unpacked by setup. */
export const TALKING_CLIP = '.cache/debian-media/kphotoalbum/movie.avi';

/**
 * A real talking face at a broadcast size: the kphotoalbum clip looped to `seconds`, blown up
 * (pillarboxed) to `height` lines at 30 fps, with its own speech. The picture is soft (it was
 * shot at 160x120), but the work per frame is that of any video of this size.
 */
export function talkingVideo(dir: string, height: 720 | 1080, seconds = 60): string {
  const path = join(dir, `talking-${height}p.mp4`);
  const width = (height * 16) / 9;
  const picture = `scale=${(height * 4) / 3}:${height}:flags=lanczos,pad=${width}:${height}:(ow-iw)/2:0,fps=30,format=yuv420p`;
  ffmpeg`-stream_loop -1 -i ${TALKING_CLIP} -t ${seconds} -vf ${picture} -c:v libx264 -preset veryfast -crf 18
    -c:a aac -ar 44100 ${path}`;
  return path;
}
