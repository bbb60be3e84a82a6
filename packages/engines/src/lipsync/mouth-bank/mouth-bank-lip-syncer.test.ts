import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { FrameRange, LipSyncLine } from '@voxlate/core';
import type { FaceLandmarker } from '../face-landmarker.js';
import { probeMedia, readFrames } from '@voxlate/media';
import { FaceApiLandmarker } from '../face-api/face-api-landmarker.js';
import { analyseFrames } from './frame-analysis.js';
import { MouthBankLipSyncer, MouthBankPlan } from './mouth-bank-lip-syncer.js';

/** Real faces from Debian packages (unpacked by setup): a man close up, and another in a webcam inset. */
const media = (path: string): string =>
  fileURLToPath(new URL(`../../../../../.cache/debian-media/${path}`, import.meta.url));
const CLOSE_UP = media('kphotoalbum/movie.avi');
const WEBCAM = media('forensics-samples-files/movie-hello.mp4');

const dir = mkdtempSync(join(tmpdir(), 'voxlate-mouth-bank-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A video made from `inputs` by `filter` (whose picture comes out as [v]), with a silent track. */
function video(name: string, inputs: string[], filter: string): string {
  const path = join(dir, name);
  const silence = ['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono'];
  const count = inputs.filter((arg) => arg === '-i').length;
  const maps = ['-map', '[v]', '-map', `${count}:a`, '-shortest'];
  const codecs = ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'];
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    ...inputs,
    ...silence,
    '-filter_complex',
    filter,
    ...maps,
    ...codecs,
    path,
  ]);
  return path;
}

/** A dubbed line over [start, end) whose speech alternates an open vowel and a closure. */
function line(segmentId: number, start: number, end: number): LipSyncLine {
  const phonemes = Array.from({ length: Math.floor((end - start) / 0.2) }, (_, i) => ({
    phoneme: i % 2 ? 'm' : 'a',
    start: i * 0.2,
    end: (i + 1) * 0.2,
  }));
  return { segmentId, speaker: 'S1', start, end, phonemes };
}

async function lipSyncJob(path: string, lines: LipSyncLine[]) {
  const info = (await probeMedia(path)).video!;
  const speech = lines.map((l) => ({ start: l.start, end: l.end, speaker: l.speaker }));
  const frames = Math.round((await probeMedia(path)).durationSeconds * info.fps);
  return {
    video: { fps: info.fps, frames },
    lines,
    speech,
    readFrames: (range?: FrameRange) => readFrames(path, info, range ? { range } : {}),
  };
}

async function analyse(path: string, lines: LipSyncLine[], pool?: FaceLandmarker[]): Promise<MouthBankPlan> {
  const syncer = new MouthBankLipSyncer(pool ?? [await FaceApiLandmarker.create()]);
  const plan = await syncer.analyse(await lipSyncJob(path, lines), {});
  expect(plan).toBeInstanceOf(MouthBankPlan);
  return plan as MouthBankPlan;
}

describe('MouthBankLipSyncer', () => {
  it('skips a line where two faces of one size share the frame (none clearly the speaker)', async () => {
    const twins = video('twins.mp4', ['-i', CLOSE_UP], '[0:v]split[a][b];[a][b]hstack,format=yuv420p[v]');
    const plan = await analyse(twins, [line(1, 0.5, 4)]);
    expect(plan.outcomes.get(1)).toMatchObject({ status: 'skipped', reason: 'several-faces' });
    expect(plan.syncedFrames).toBe(0);
  }, 60_000);

  for (const pool of ['one landmarker', 'two landmarkers, one in a child process'] as const) {
    it(`never puts one person's mouth on another's face across a cut (${pool})`, async () => {
      // The close-up man for 4.5 s, then the webcam man: one line on each, both synced.
      const close = 'scale=960:720,pad=1280:720:160:0,fps=15,setsar=1,format=yuv420p';
      const webcam = 'trim=0:4.5,setpts=PTS-STARTPTS,fps=15,setsar=1,format=yuv420p';
      const cut = video(
        'cut.mp4',
        ['-i', CLOSE_UP, '-i', WEBCAM],
        `[0:v]${close}[a];[1:v]${webcam}[b];[a][b]concat=n=2:v=1:a=0[v]`,
      );
      const firstShotFrames = Math.round(4.533 * 15);
      const landmarkers =
        pool === 'one landmarker'
          ? [await FaceApiLandmarker.create()]
          : [await FaceApiLandmarker.create(), await FaceApiLandmarker.create('child')];
      try {
        const plan = await analyse(cut, [line(1, 0.5, 4), line(2, 5, 8.5)], landmarkers);
        expect(plan.outcomes.get(1)?.status).toBe('synced');
        expect(plan.outcomes.get(2)?.status).toBe('synced');
        for (const [frame, instruction] of plan.instructions) {
          const sameShot = frame < firstShotFrames === instruction.mouth.frame < firstShotFrames;
          expect(sameShot).toBe(true);
        }
      } finally {
        await Promise.all(landmarkers.map((landmarker) => landmarker.close()));
      }
    }, 120_000);
  }

  it('banks the webcam man as one person across the gap between his two lines', async () => {
    // His 90 px face in a 720p frame, speaking at 0.8-3.1 s and 6.2-6.7 s: two stretches read
    // apart, two tracks, whose first views lie 0.56 apart, past the threshold of one view.
    const lines = [line(1, 0.76, 3.14), line(2, 6.24, 6.72)];
    const landmarker = await FaceApiLandmarker.create();
    try {
      const analysis = await analyseFrames(await lipSyncJob(WEBCAM, lines), [landmarker], {});
      expect([...new Set(analysis.people.values())]).toEqual([0]);
      expect([...analysis.banks.keys()]).toEqual([0]);
      const banked = analysis.banks
        .get(0)!
        .mouths()
        .map((mouth) => mouth.frame);
      const gap = Math.round(4.5 * 30);
      expect(banked.some((frame) => frame < gap) && banked.some((frame) => frame >= gap)).toBe(true);
    } finally {
      await landmarker.close();
    }
  }, 120_000);
});
