import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedSamples, largestDifferences, makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { startService, type RunningService } from '../../server/src/test/service-process.js';
import { launchChromium, screenshot } from './browser.js';

/**
 * The project editor in Chromium: dub in the studio, fix one translated line, re-dub it, hear it,
 * and find the project again after leaving the page.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-editor-e2e-'));
let service: RunningService;
let browser: Browser;
let page: Page;
let speech = '';

beforeAll(async () => {
  speech = await makeSpeechWav(
    dir,
    ['Welcome back to the channel.', 'Today we cook a simple dinner.', 'First we cut the onions.'],
    'dinner-show.wav',
  );
  service = await startService();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser.close();
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface JobLine {
  id: number;
  target_text: string;
  dubbed?: { start: number; end: number };
}

interface JobSeen {
  segments: JobLine[];
  state: string;
  result: { revision: number } | null;
}

async function jobOf(id: string): Promise<JobSeen> {
  return (await (await fetch(`${service.url}/api/jobs/${id}`)).json()) as JobSeen;
}

/** Every download the studio offers for the dub: the result panel's buttons and the editor's links. */
const DOWNLOADS = [
  'Download audio',
  'FRA SRT',
  'FRA VTT',
  'ENG SRT',
  'ENG VTT',
  'Download the dub (dinner-show.fra.wav)',
  'Subtitles (SRT)',
  'Original subtitles (SRT)',
];

/** What the creator gets by clicking each download, by its name. */
async function downloadAll(): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const name of DOWNLOADS) {
    const link = page.getByRole('link', { name, exact: true });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const path = join(dir, `download-${files.size}-${download.suggestedFilename()}`);
    await download.saveAs(path);
    files.set(name, readFileSync(path));
  }
  return files;
}

async function resultSamples(id: string): Promise<Float32Array> {
  const path = join(dir, `result-${Date.now()}.wav`);
  writeFileSync(path, Buffer.from(await (await fetch(`${service.url}/api/jobs/${id}/result`)).arrayBuffer()));
  return decodedSamples(path);
}

describe('the project editor', () => {
  let jobId = '';

  it('edits one translated line and re-dubs it: only that line of the result changes', async () => {
    await page.goto(`${service.url}/creator-studio`);
    await page.getByRole('button', { name: 'Audio Translation' }).click();
    await page.getByLabel('Upload Audio or Video File').setInputFiles(speech);
    await page.getByRole('button', { name: 'Translate Audio' }).click();
    await page.getByRole('heading', { name: 'Edit the lines' }).waitFor({ timeout: 90_000 });
    const download = page.getByRole('link', { name: /Download the dub \(dinner-show\.fra\.wav\)/ });
    jobId = /\/api\/jobs\/([^/]+)\/result/.exec((await download.getAttribute('href'))!)![1]!;
    const before = await resultSamples(jobId);
    const downloadsBefore = await downloadAll();

    const field = page.getByLabel('Translation of line 1');
    await field.fill('Bonjour à tous, et bienvenue de nouveau dans notre cuisine.');
    await page.keyboard.press('Tab');
    await page.getByText('Changed: re-dub to hear it').waitFor();
    await screenshot(page, 'editor-line-changed');
    await page.getByRole('button', { name: 'Re-dub changed lines (1)' }).click();
    await page.getByText('Dub up to date.').waitFor({ timeout: 60_000 });
    expect(await page.getByText('Changed: re-dub to hear it').count()).toBe(0);

    const job = await jobOf(jobId);
    expect(job.segments[0]!.target_text).toBe('Bonjour à tous, et bienvenue de nouveau dans notre cuisine.');
    const after = await resultSamples(jobId);
    const changedUntil = Math.ceil((job.segments[0]!.dubbed!.end + 0.3) * 48000);
    const { inside, outside } = largestDifferences(before, after, (i) => i < changedUntil);
    expect(inside).toBeGreaterThan(0.05);
    expect(outside).toBeLessThan(1e-3);

    // Every download button above and in the editor now gives the new dub and its new subtitles.
    const revision = job.result!.revision;
    await page.locator(`section[aria-label="Translation result"][data-revision="${revision}"]`).waitFor();
    const downloadsAfter = await downloadAll();
    const current = Buffer.from(await (await fetch(`${service.url}/api/jobs/${jobId}/result`)).arrayBuffer());
    for (const name of ['Download audio', 'Download the dub (dinner-show.fra.wav)']) {
      expect(downloadsAfter.get(name)!.equals(current), name).toBe(true);
      expect(downloadsAfter.get(name)!.equals(downloadsBefore.get(name)!), name).toBe(false);
    }
    // A cue's text may be wrapped over two lines: compared with its spaces and breaks as one.
    const text = (files: Map<string, Buffer>, name: string) => files.get(name)!.toString('utf8').replace(/\s+/g, ' ');
    for (const name of ['FRA SRT', 'FRA VTT', 'Subtitles (SRT)']) {
      expect(text(downloadsBefore, name), name).not.toContain('notre cuisine');
      expect(text(downloadsAfter, name), name).toContain('bienvenue de nouveau dans notre cuisine');
    }
    for (const name of ['ENG SRT', 'ENG VTT', 'Original subtitles (SRT)']) {
      // The original's subtitles did not change: the same recognised lines before and after.
      expect(text(downloadsAfter, name), name).toBe(text(downloadsBefore, name));
      expect(text(downloadsAfter, name), name).toMatch(/00:00:00,700|00:00:00\.700/);
    }

    // Hear the new line: the dub's button plays that stretch of the new result, then stops.
    const play = page.getByRole('button', { name: 'Dub: play line 1' });
    await play.click();
    await page.getByRole('button', { name: 'Dub: stop line 1' }).waitFor();
    await page.getByRole('button', { name: 'Dub: play line 1' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'editor-redubbed');
  }, 180_000);

  it('finds the project again after the tab was closed, at phone width, by keyboard', async () => {
    await page.close();
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${service.url}/creator-studio`);
    const link = page.getByRole('link', { name: 'dinner-show.wav' }).first();
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Edit the lines' }).waitFor();
    expect(page.url()).toContain(`/creator-studio/projects/${jobId}`);
    expect(await page.getByLabel('Translation of line 1').inputValue()).toBe(
      'Bonjour à tous, et bienvenue de nouveau dans notre cuisine.',
    );
    // The reopened project plays its whole dub.
    const player = page.getByRole('region', { name: 'The dub' });
    await player.getByRole('button', { name: 'Play Dubbed audio' }).click();
    await player
      .locator('.time')
      .filter({ hasNotText: /^0:00 \// })
      .waitFor({ timeout: 10_000 });
    await player.getByRole('button', { name: 'Pause Dubbed audio' }).click();
    // The lines stack as cards: nothing runs off the side of a phone's screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByLabel('Translation of line 2').focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Translation of line 2');
    await screenshot(page, 'editor-phone');
  }, 60_000);

  it('re-dubs with one click while the box still has the focus, and a long line is read whole', async () => {
    const field = page.getByLabel('Translation of line 2');
    const shortHeight = await field.evaluate((box) => box.clientHeight);
    const long =
      'Ce soir, nous préparons ensemble un dîner très simple, avec des légumes du marché, du pain frais et un peu de fromage.';
    await field.fill(long);
    // The box grew to its text: nothing hidden behind a scroll bar.
    expect(await field.evaluate((box) => box.scrollHeight - box.clientHeight)).toBeLessThanOrEqual(1);
    expect(await field.evaluate((box) => box.clientHeight)).toBeGreaterThan(shortHeight);
    // No Tab: the click on the button is the one that takes the focus from the box.
    await page.getByRole('button', { name: 'Re-dub changed lines (1)' }).click();
    await page.getByText('Dub up to date.').waitFor({ timeout: 60_000 });
    expect((await jobOf(jobId)).segments[1]!.target_text).toBe(long);
  }, 90_000);

  it('offers a saved voice in the settings of a new dub, and the dub speaks its first speaker in it', async () => {
    const saved = await fetch(`${service.url}/api/voice-library`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Chef',
        job_id: jobId,
        speaker: 'S1',
        rights_statement: 'My own voice, recorded for this test.',
      }),
    });
    expect(saved.status).toBe(201);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${service.url}/creator-studio`);
    await page.getByRole('button', { name: 'Audio Translation' }).click();
    await page.getByLabel('Upload Audio or Video File').setInputFiles(speech);
    await page.getByLabel('Target language').selectOption('spa');
    const voices = page.getByRole('group', { name: 'Saved voices' });
    await voices.getByLabel('First speaker to talk').selectOption({ label: 'Chef' });
    await page.getByRole('button', { name: 'Translate Audio' }).click();
    await page.getByRole('heading', { name: 'Edit the lines' }).waitFor({ timeout: 90_000 });
    const download = page.getByRole('link', { name: /Download the dub \(dinner-show\.spa\.wav\)/ });
    const id = /\/api\/jobs\/([^/]+)\/result/.exec((await download.getAttribute('href'))!)![1]!;
    const job = (await (await fetch(`${service.url}/api/jobs/${id}`)).json()) as {
      speakers: { id: string; saved_voice?: { name: string } }[];
    };
    expect(job.speakers.find((speaker) => speaker.id === 'S1')?.saved_voice?.name).toBe('Chef');
  }, 120_000);
});
