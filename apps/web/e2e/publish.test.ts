import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobGroup, PublishMetadata } from '@voxlate/contract';
import { durationOf, makeSpeechWav, makeVideo } from '../../../packages/dubber/src/test/make-media.js';
import { form, startService, waitFor, type RunningService } from '../../server/src/test/service-process.js';
import { launchChromium, screenshot } from './browser.js';

/**
 * The YouTube-ready package (issue 41, item 3): a video dubbed into Spanish and French at once,
 * packaged from the group's page in Chromium with a title and description, the Spanish track
 * first; the ZIP's MP4 has the picture once and three tagged audio tracks, each language's audio
 * is the video's length to the sample, and Chromium plays the MP4.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-publish-e2e-'));
let service: RunningService;
let browser: Browser;
let video = '';

beforeAll(async () => {
  const speech = await makeSpeechWav(
    dir,
    ['Welcome back to the channel.', 'Today we cook a simple dinner.'],
    'dinner show.wav',
  );
  video = makeVideo(dir, speech, 'dinner show.mp4');
  service = await startService();
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Stream {
  codec_type: string;
  tags?: { language?: string; handler_name?: string };
  disposition: { default: number };
}

function streamsOf(path: string): Stream[] {
  const probed = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', path]).toString(),
  ) as { streams: Stream[] };
  return probed.streams;
}

/** Samples in a WAV file's data (16-bit stereo as written): its length to the sample. */
function wavFrames(path: string): { frames: number; rate: number } {
  const probed = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', path]).toString(),
  ) as { streams: { sample_rate: string; duration_ts: number }[] };
  const [stream] = probed.streams;
  return { frames: stream!.duration_ts, rate: Number(stream!.sample_rate) };
}

describe('the YouTube package', () => {
  it('is made from the group page: one MP4 with a track per language, audio at the video’s length, subtitles, translated metadata', async () => {
    const created = await fetch(`${service.url}/api/jobs`, {
      method: 'POST',
      body: await form({ target_languages: 'spa,fra', source_language: 'eng', voice: 'neutral' }, { file: video }),
    });
    expect(created.status).toBe(202);
    const { id } = (await created.json()) as Job;
    await waitFor(async () => {
      const group = (await (await fetch(`${service.url}/api/groups/${id}`)).json()) as JobGroup;
      return group.jobs.every((job) => job.state === 'ready');
    }, 240_000);

    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, acceptDownloads: true });
    await page.goto(`${service.url}/creator-studio/groups/${id}`);
    await page.getByLabel('Title').fill('Cooking a simple dinner');
    await page.getByLabel('Description').fill('Welcome back to the channel.\n\nToday we cook a simple dinner.');
    await page.getByLabel('Audio track that plays first').selectOption('spa');
    await screenshot(page, 'publish-package');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.getByRole('button', { name: 'Download the YouTube package' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('dinner show - YouTube package (eng, spa, fra).zip');
    const zip = join(dir, 'package.zip');
    await download.saveAs(zip);
    await page.close();
    const unpacked = join(dir, 'unpacked');
    execFileSync('python3', ['-m', 'zipfile', '-e', zip, unpacked]);

    const mp4 = join(unpacked, 'dinner show.languages.mp4');
    const streams = streamsOf(mp4);
    expect(streams.filter((stream) => stream.codec_type === 'video')).toHaveLength(1);
    const audio = streams.filter((stream) => stream.codec_type === 'audio');
    expect(audio.map((stream) => stream.tags?.language)).toEqual(['eng', 'spa', 'fra']);
    expect(audio.map((stream) => stream.tags?.handler_name)).toEqual([
      'English (original)',
      'Spanish (dubbed)',
      'French (dubbed)',
    ]);
    expect(audio.map((stream) => stream.disposition.default)).toEqual([0, 1, 0]);
    const seconds = durationOf(video);
    expect(Math.abs(durationOf(mp4) - seconds)).toBeLessThan(0.1);

    for (const language of ['eng', 'spa', 'fra']) {
      const { frames, rate } = wavFrames(join(unpacked, 'audio', `dinner show.${language}.wav`));
      expect(rate).toBe(48_000);
      expect(frames, language).toBe(Math.round(seconds * 48_000));
      for (const format of ['srt', 'vtt']) {
        expect(existsSync(join(unpacked, 'subtitles', `dinner show.${language}.${format}`))).toBe(true);
      }
    }
    expect(readFileSync(join(unpacked, 'subtitles', 'dinner show.spa.srt'), 'utf8')).toMatch(/-->/);

    const metadata = JSON.parse(readFileSync(join(unpacked, 'metadata.json'), 'utf8')) as PublishMetadata;
    expect(metadata.default_language).toBe('spa');
    const [english, spanish, french] = metadata.languages;
    expect(english).toMatchObject({ language: 'eng', title: 'Cooking a simple dinner', quality: 'original' });
    for (const dub of [spanish!, french!]) {
      expect(dub.quality).toBe('full');
      expect(dub.title).not.toBe(english!.title);
      expect(dub.title!.length).toBeGreaterThan(5);
      // The paragraphs stay paragraphs.
      expect(dub.description!.split('\n\n')).toHaveLength(2);
    }
    expect(readFileSync(join(unpacked, 'metadata.txt'), 'utf8')).toMatch(/== Spanish \(spa\) ==\nTitle: /);
    expect(readdirSync(unpacked).sort()).toEqual([
      'audio',
      'dinner show.languages.mp4',
      'metadata.json',
      'metadata.txt',
      'subtitles',
    ]);

    // Chromium plays it: its picture and sound advance.
    const player = await browser.newPage();
    await player.goto(pathToFileURL(mp4).href);
    const played = await player.evaluate(async () => {
      const element = document.querySelector('video')!;
      element.muted = true;
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return { time: element.currentTime, width: element.videoWidth, error: element.error?.message ?? null };
    });
    await player.close();
    expect(played.error).toBeNull();
    expect(played.width).toBe(320);
    expect(played.time).toBeGreaterThan(0.5);
  }, 400_000);

  it('refuses a package while a language has no dub, and a default track it does not have', async () => {
    const refused = await fetch(`${service.url}/api/jobs/mg0000000-0123456789ab/youtube-package`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(404);
    const jobs = (await (await fetch(`${service.url}/api/jobs`)).json()) as { jobs: Job[] };
    const spanish = jobs.jobs.find((job) => job.target_language === 'spa')!;
    const wrongDefault = await fetch(`${service.url}/api/jobs/${spanish.id}/youtube-package`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ default_language: 'deu' }),
    });
    expect(wrongDefault.status).toBe(400);
    expect(((await wrongDefault.json()) as { error: string }).error).toMatch(
      /default_language deu is not one of this package's languages \(eng, spa\)/,
    );
  });
});
