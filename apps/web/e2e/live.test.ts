import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../server/src/test/service-process.js';
import { seriousViolations } from './axe.js';
import { launchChromium, screenshot } from './browser.js';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb';
const dir = mkdtempSync(join(tmpdir(), 'voxlate-live-e2e-'));
let service: RunningService;
let browser: Browser;

beforeAll(async () => {
  // Chromium's fake microphone plays this WAV of real read speech (two sentences, a pause after each).
  const microphone = join(dir, 'microphone.wav');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-i', `${LIBRIVOX}-0880.wav`, '-i', `${LIBRIVOX}-0930.wav`],
    ...['-filter_complex', '[0]apad=pad_dur=1.2[a];[1]apad=pad_dur=3[b];[a][b]concat=n=2:v=0:a=1', '-ar', '48000'],
    microphone,
  ]);
  service = await startService();
  browser = await launchChromium([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${microphone}`,
  ]);
});

afterAll(async () => {
  await browser.close();
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the live page', () => {
  it('captions the microphone as it is heard, plays the dub, shows the lag and offers the session', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    const overlay = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await overlay.goto(`${service.url}/live/overlay`);

    // Reached from the studio's first step.
    await page.goto(`${service.url}/creator-studio`);
    await page.getByRole('link', { name: 'Live translation' }).click();
    await expect.poll(() => page.title()).toBe('Live translation · Voxlate');
    await page.getByLabel('Translate into').selectOption('spa');
    await page.getByRole('button', { name: 'Start speaking' }).click();

    // A partial caption while the first sentence is spoken, then the line with its translation.
    await page.getByTestId('partial-line').first().waitFor({ timeout: 30_000 });
    const first = page.getByTestId('final-line').first();
    await first.waitFor({ timeout: 30_000 });
    expect(await first.locator('.source').textContent()).toMatch(/young man/);
    expect((await first.locator('.target').textContent())?.trim()).not.toBe('');
    // The dubbed voice plays to its end, and the lag is shown.
    await page.getByTestId('lines-played').waitFor({ timeout: 30_000 });
    const lag = Number(/Lag ([\d.]+) s/.exec((await page.getByTestId('live-lag').textContent()) ?? '')?.[1]);
    expect(lag).toBeGreaterThan(0);
    expect(lag).toBeLessThan(10);
    // The OBS overlay shows the translation.
    await expect.poll(() => overlay.getByTestId('overlay-caption').textContent(), { timeout: 15_000 }).not.toBe('');
    expect(await overlay.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    // Accessible while it runs: captions, status, controls.
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'live-page');
    await screenshot(overlay, 'live-overlay');

    await page.getByRole('button', { name: 'Stop' }).click();
    const downloads = page.getByRole('region', { name: 'Download the session' });
    await downloads.waitFor({ timeout: 30_000 });
    const srt = await downloads.getByRole('link', { name: 'Spanish captions (SRT)' }).getAttribute('href');
    const text = await page.evaluate(async (href) => (await fetch(href!)).text(), srt);
    expect(text).toMatch(/00:00:\d\d,\d{3} --> /);
    expect(await downloads.getByRole('link').count()).toBe(6);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await overlay.close();
    await page.close();
  });
});
