import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TALKING_CLIP } from './make-inputs.js';

const CLIP_SECONDS = 4.533;
/** Where he speaks in each pass of the clip. */
const SPEECH = { start: 0.44, end: 4.39 };
const LOOPS = 3;

/** A real talking face, framed one way, with English subtitles of what is said where. */
export interface LipSyncScene {
  name: string;
  video: string;
  subtitles: string;
  /** Where speech is in the source, seconds. */
  speech: { start: number; end: number }[];
}

/**
 * The clip played three times over (three lines, with a cut at each loop), framed at four
 * face sizes: as shot (face about 50 px wide), blown up into a 1280x720 frame (about 400 px),
 * in a 640x360 frame at twice its size (about 100 px) and shrunk into one (about 30 px: too
 * small, every line should be skipped).
 */
export function lipSyncScenes(dir: string): LipSyncScene[] {
  if (!existsSync(TALKING_CLIP)) throw new Error(`${TALKING_CLIP} is missing: run scripts/setup.sh first.`);
  const speech = Array.from({ length: LOOPS }, (_, k) => ({
    start: k * CLIP_SECONDS + SPEECH.start,
    end: k * CLIP_SECONDS + SPEECH.end,
  }));
  const subtitles = join(dir, 'talk.eng.srt');
  writeFileSync(subtitles, srt(speech));
  const framings: [string, string][] = [
    ['close-up 160x120', 'scale=160:120'],
    ['720p, face 400 px', 'scale=960:720:flags=lanczos,pad=1280:720:160:0'],
    ['640x360, face 100 px', 'scale=320:240,pad=640:360:160:60'],
    ['640x360, face 30 px', 'scale=96:72,pad=640:360:272:144'],
  ];
  return framings.map(([name, filter], i) => {
    const video = join(dir, `scene-${i}.mp4`);
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-stream_loop', String(LOOPS - 1), '-i', TALKING_CLIP],
      ...['-vf', `${filter},format=yuv420p`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '16'],
      ...['-c:a', 'aac', '-ar', '44100', video],
    ]);
    return { name, video, subtitles, speech };
  });
}

const LINES = [
  'Hi, my name is Jesper, and I would like to show you this photo album.',
  'You can sort your pictures by the people in them and by where they were taken.',
  'It is free software, and it runs on your own computer.',
];

function srt(spans: readonly { start: number; end: number }[]): string {
  const stamp = (seconds: number): string => {
    const ms = Math.round(seconds * 1000);
    const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
    return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
  };
  return spans
    .map((s, i) => `${i + 1}\n${stamp(s.start)} --> ${stamp(s.end)}\n${LINES[i % LINES.length]}\n`)
    .join('\n');
}
