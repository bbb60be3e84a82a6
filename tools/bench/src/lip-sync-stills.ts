import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { centroid, measureFace, placedSpan, type Segment } from '@voxlate/core';
import { defaultRegistries, FaceApiLandmarker } from '@voxlate/engines';
import { probeMedia, readFrames } from '@voxlate/media';
import { Dubber, configFromEnv } from '@voxlate/dubber';
import { TALKING_CLIP } from './make-inputs.js';
import { WEBCAM_CLIP } from './lip-sync-scenes.js';

/**
 * `npm run lipsync:stills`: before/after pictures of lip-synced Spanish dubs of real talking
 * clips, for a person to look at: the whole frame, and the mouth at three times its size at
 * three moments of a synced line (source on the left, dub on the right). Written to docs/lipsync/.
 */
const OUT = join('docs', 'lipsync');
const work = mkdtempSync(join(tmpdir(), 'voxlate-lipsync-stills-'));
const dubber = new Dubber({ ...configFromEnv(), tempRoot: work }, defaultRegistries());
const landmarker = await FaceApiLandmarker.create();

try {
  mkdirSync(OUT, { recursive: true });
  const close = join(work, 'talking-720p.mp4');
  ffmpeg(['-i', TALKING_CLIP, '-vf', 'scale=960:720:flags=lanczos,pad=1280:720:160:0', '-c:a', 'aac', close]);
  for (const [name, input] of [
    ['talking-720p', close],
    ['webcam-inset', WEBCAM_CLIP],
  ] as const) {
    const output = join(work, `${name}.spa.mp4`);
    const run = await dubber.dub({
      input,
      output,
      sourceLanguage: 'eng',
      targetLanguage: 'spa',
      choices: { lipSync: true },
    });
    const line = run.timeline.segments.find((segment) => segment.lipSync?.status === 'synced');
    if (!line) throw new Error(`${name}: no line was lip-synced`);
    await stills(name, input, output, line);
    console.log(`${name}: ${run.timeline.lipSync?.synced}/${run.timeline.segments.length} lines synced`);
  }
} finally {
  await dubber.close();
  rmSync(work, { recursive: true, force: true });
}

async function stills(name: string, source: string, dub: string, line: Segment): Promise<void> {
  const span = placedSpan(line)!;
  const times = [0.3, 0.5, 0.7].map((share) => span.start + share * (span.end - span.start));
  const zooms = [];
  // One box size for the three moments (they are stacked), each centred on its own mouth.
  const size = await mouthBox(source, times[1]!);
  for (const [i, time] of times.entries()) {
    const box = await mouthBox(source, time, size);
    const crop = `crop=${box.width}:${box.height}:${box.x}:${box.y},scale=iw*3:ih*3:flags=lanczos`;
    const zoom = join(work, `${name}-zoom-${i}.png`);
    ffmpeg([
      '-ss',
      `${time}`,
      '-i',
      source,
      '-ss',
      `${time}`,
      '-i',
      dub,
      '-filter_complex',
      `[0:v]${crop}[a];[1:v]${crop}[b];[a][b]hstack`,
      '-frames:v',
      '1',
      zoom,
    ]);
    zooms.push(zoom);
  }
  ffmpeg([
    ...zooms.flatMap((zoom) => ['-i', zoom]),
    '-filter_complex',
    `vstack=${zooms.length}`,
    join(OUT, `${name}-mouth-3x.jpg`),
  ]);
  const whole = 'scale=640:-2:flags=lanczos';
  const middle = `${times[1]}`;
  ffmpeg([
    '-ss',
    middle,
    '-i',
    source,
    '-ss',
    middle,
    '-i',
    dub,
    '-filter_complex',
    `[0:v]${whole}[a];[1:v]${whole}[b];[a][b]hstack`,
    '-frames:v',
    '1',
    join(OUT, `${name}-frame.jpg`),
  ]);
}

/** The lower face around the mouth in the source frame at `time`, from its landmarks. */
async function mouthBox(
  video: string,
  time: number,
  size?: { width: number; height: number },
): Promise<{ x: number; y: number; width: number; height: number }> {
  const info = await probeMedia(video);
  const wanted = Math.round(time * info.video!.fps);
  for await (const frame of readFrames(video, info.video!)) {
    if (frame.index < wanted) continue;
    const [face] = await landmarker.detect(frame);
    if (!face) break;
    const points = await landmarker.landmarks(frame, face.box);
    const { faceWidth } = measureFace(points);
    const mouth = centroid(points.slice(48, 68));
    const width = size?.width ?? Math.round(Math.min(frame.width, 0.9 * faceWidth) / 2) * 2;
    const height = size?.height ?? Math.round(Math.min(frame.height, 0.6 * faceWidth) / 2) * 2;
    const x = Math.max(0, Math.min(frame.width - width, Math.round(mouth.x - width / 2)));
    const y = Math.max(0, Math.min(frame.height - height, Math.round(mouth.y - 0.45 * height)));
    return { x, y, width, height };
  }
  throw new Error(`No face at ${time.toFixed(2)} s in ${video}`);
}

/** Runs ffmpeg quietly; JPEG outputs at high quality (qscale 3). */
function ffmpeg(args: string[]): void {
  const quality = args.at(-1)?.endsWith('.jpg') ? ['-q:v', '3'] : [];
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args.slice(0, -1), ...quality, args.at(-1)!]);
}
