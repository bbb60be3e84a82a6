import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TALKING_CLIP } from './make-inputs.js';

/** Debian's forensics-samples: a man with a headset talking in a webcam inset (about 90 px wide) of a 720p screen recording. */
export const WEBCAM_CLIP = '.cache/debian-media/forensics-samples-files/movie-hello.mp4';
const CLIP_SECONDS = 4.533;
/** Where he speaks in each pass of the kphotoalbum clip. */
const SPEECH = { start: 0.44, end: 4.39 };
const LOOPS = 8;
const WEBCAM_SECONDS = 8.3;
/** Where the webcam's man speaks his one line. */
const WEBCAM_SPEECH = { start: 0.76, end: 3.14 };
const WEBCAM_LOOPS = 4;

/** A real talking face, framed one way, with English subtitles of what is said where (or none: recognised). */
export interface LipSyncScene {
  name: string;
  video: string;
  subtitles?: string;
}

/**
 * The kphotoalbum clip played eight times over (eight lines, each dubbed with other words, a
 * cut at each loop), framed at four face sizes: as shot (face about 50 px wide), blown up into
 * a 1280x720 frame (about 400 px), in a 640x360 frame at twice its size (about 100 px), in a
 * 1280x720 frame at twice its size (about 100 px: a small face in a 720p picture), and shrunk
 * into a 640x360 frame (about 30 px: too small, every line should be skipped); and the webcam
 * clip as it is (a face about 90 px high in 720p) and its inset cropped and blown up into a 720p
 * frame (about 225 px), its speech recognised. The two small 720p framings and the cropped
 * webcam were chosen before any lip sync setting was tuned for small faces (issue 59).
 * `only`: the scenes whose names contain one of these.
 */
export function lipSyncScenes(dir: string, only: readonly string[] = []): LipSyncScene[] {
  for (const clip of [TALKING_CLIP, WEBCAM_CLIP]) {
    if (!existsSync(clip)) throw new Error(`${clip} is missing: run scripts/setup.sh first.`);
  }
  const subtitles = join(dir, 'talk.eng.srt');
  writeFileSync(subtitles, srt(Array.from({ length: LOOPS }, (_, k) => k * CLIP_SECONDS)));
  const framings: [string, string][] = [
    ['close-up 160x120', 'scale=160:120'],
    ['720p, face 400 px', 'scale=960:720:flags=lanczos,pad=1280:720:160:0'],
    ['640x360, face 100 px', 'scale=320:240,pad=640:360:160:60'],
    ['720p, face 100 px', 'scale=320:240,pad=1280:720:480:240'],
    ['640x360, face 30 px', 'scale=96:72,pad=640:360:272:144'],
  ];
  const wanted = (name: string): boolean => only.length === 0 || only.some((part) => name.includes(part));
  const looped = framings.flatMap(([name, filter], i) => {
    if (!wanted(name)) return [];
    const video = join(dir, `scene-${i}.mp4`);
    playedOver(TALKING_CLIP, LOOPS, filter, video);
    return [{ name, video, subtitles }];
  });
  const webcam: LipSyncScene[] = [{ name: 'webcam inset, face 90 px', video: WEBCAM_CLIP }];
  // The webcam clip has one line of speech (2.4 s): played four times over with other words in
  // each, so that the figure inside speech is not one line's. As it is, and cropped into 720p.
  const webcamSubtitles = join(dir, 'webcam.eng.srt');
  writeFileSync(
    webcamSubtitles,
    srt(
      Array.from({ length: WEBCAM_LOOPS }, (_, k) => k * WEBCAM_SECONDS),
      WEBCAM_SPEECH,
    ),
  );
  const webcamFramings: [string, string][] = [
    ['webcam looped, face 90 px', 'null'],
    // The inset is 253x189 at (114, 83): a 256x192 crop around it, 3.75 times up into 960x720.
    ['webcam looped cropped, face 225 px', 'crop=256:192:112:82,scale=960:720:flags=lanczos,pad=1280:720:160:0'],
  ];
  const loopedWebcam = webcamFramings.flatMap(([name, filter], i) => {
    if (!wanted(name)) return [];
    const video = join(dir, `webcam-${i}.mp4`);
    playedOver(WEBCAM_CLIP, WEBCAM_LOOPS, filter, video);
    return [{ name, video, subtitles: webcamSubtitles }];
  });
  const scenes = [...looped, ...webcam.filter((scene) => wanted(scene.name)), ...loopedWebcam];
  if (scenes.length === 0) throw new Error(`No lip sync scene's name contains ${only.join(' or ')}.`);
  return scenes;
}

/** The clip played `times` over, framed by `filter`, encoded nearly losslessly into `video`. */
function playedOver(clip: string, times: number, filter: string, video: string): void {
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-stream_loop', String(times - 1), '-i', clip],
    ...['-vf', `${filter},format=yuv420p`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '16'],
    ...['-c:a', 'aac', '-ar', '44100', video],
  ]);
}

/** What the eight lines say (made up: the dub is about the mouths, not the words). */
const LINES = [
  'Hi, my name is Jesper, and I would like to show you this photo album.',
  'You can sort your pictures by the people in them and by where they were taken.',
  'It is free software, and it runs on your own computer.',
  'Every picture keeps its date, its place and the names of the people in it.',
  'Open a folder of photos, and the album finds them all by itself.',
  'Tag a face once, and you will find that person in every picture.',
  'Search by date to see what you did on a summer holiday years ago.',
  'Thank you for watching, and have fun with your pictures.',
];

function srt(loopStarts: readonly number[], speech: { start: number; end: number } = SPEECH): string {
  const stamp = (seconds: number): string => {
    const ms = Math.round(seconds * 1000);
    const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
    return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
  };
  return loopStarts
    .map((at, i) => `${i + 1}\n${stamp(at + speech.start)} --> ${stamp(at + speech.end)}\n${LINES[i % LINES.length]}\n`)
    .join('\n');
}
