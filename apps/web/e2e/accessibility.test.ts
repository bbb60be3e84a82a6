import { mkdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSpeechWav, makeVideo } from '../../../packages/dubber/src/test/make-media.js';
import { startService, type RunningService } from '../../server/src/test/service-process.js';
import { seriousViolations } from './axe.js';
import { launchChromium, SCREENSHOTS } from './browser.js';

/**
 * Every route and state of the studio at desktop and phone width: axe-core finds no serious or
 * critical violation in any, and each is photographed (test-results/screenshots/states/, the
 * set committed under docs/screenshots/).
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-a11y-e2e-'));
const STATES = join(SCREENSHOTS, 'states');
const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

let service: RunningService;
let browser: Browser;
let speech = '';
let video = '';
/** A group of two languages: its page is the same at both widths, so it is dubbed once, while the first width's pages are walked. */
let groupId = '';

beforeAll(async () => {
  mkdirSync(STATES, { recursive: true });
  speech = await makeSpeechWav(dir, ['Welcome back to the channel.', 'Today we cook a simple dinner.'], 'cooking.wav');
  video = makeVideo(dir, speech, 'cooking.mp4');
  service = await startService();
  browser = await launchChromium();
  const body = new FormData();
  body.append('file', new Blob([readFileSync(speech)]), 'cooking.wav');
  body.append('target_languages', 'spa,ita');
  body.append('voice', 'neutral');
  // Made before any width's own dubs, so each width's newest job is still its own.
  const group = await fetch(`${service.url}/api/jobs`, { method: 'POST', body });
  groupId = ((await group.json()) as { id: string }).id;
});
afterAll(async () => {
  await browser.close();
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Checks the state and photographs it; returns what axe found, named by state. */
async function check(page: Page, state: string, viewport: keyof typeof VIEWPORTS): Promise<string[]> {
  await page.waitForTimeout(150); // transitions and the waveform's first draw
  await page.screenshot({ path: join(STATES, `${state}-${viewport}.png`), fullPage: true });
  return (await seriousViolations(page)).map((finding) => `${state} (${viewport}): ${finding}`);
}

async function studio(page: Page, type: string): Promise<void> {
  await page.goto(`${service.url}/creator-studio`);
  await page.getByRole('button', { name: type }).click();
}

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('every route and state at %s width', (viewport) => {
  it('has no serious or critical accessibility violation', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
    const page = await context.newPage();
    const found: string[] = [];
    try {
      await page.goto(service.url);
      found.push(...(await check(page, 'landing', viewport)));
      if (viewport === 'phone') {
        await page.getByRole('button', { name: 'Menu' }).click();
        found.push(...(await check(page, 'landing-menu-open', viewport)));
      }
      await page.getByRole('button', { name: 'Watch Demo' }).click();
      await page.getByRole('dialog', { name: 'Voxlate demo' }).waitFor();
      found.push(...(await check(page, 'landing-demo', viewport)));
      await page.goto(`${service.url}/pricing`);
      found.push(...(await check(page, 'pricing', viewport)));
      for (const info of ['about', 'privacy', 'terms', 'licences']) {
        await page.goto(`${service.url}/${info}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        found.push(...(await check(page, info, viewport)));
      }
      await page.goto(`${service.url}/creator-studio/live`);
      await page.getByRole('button', { name: 'Start speaking' }).waitFor();
      found.push(...(await check(page, 'live-idle', viewport)));
      await page.goto(`${service.url}/live/overlay`);
      found.push(...(await check(page, 'live-overlay-empty', viewport)));
      await page.goto(`${service.url}/no-such-page`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      found.push(...(await check(page, 'not-found', viewport)));

      await page.goto(`${service.url}/creator-studio`);
      found.push(...(await check(page, 'studio-selection', viewport)));
      await page.getByRole('button', { name: 'Audio Translation' }).click();
      found.push(...(await check(page, 'studio-audio-empty', viewport)));
      await page.getByRole('tab', { name: 'Paste URL' }).click();
      found.push(...(await check(page, 'studio-audio-url-tab', viewport)));
      await page.getByLabel('Direct link to an audio or video file').fill('not a link');
      await page.getByRole('button', { name: 'Go' }).click();
      await page.getByRole('alert').waitFor();
      found.push(...(await check(page, 'studio-audio-error', viewport)));

      await studio(page, 'Audio Translation');
      await page.getByLabel('Upload Audio or Video File').setInputFiles(speech);
      await page.getByRole('button', { name: 'Translate Audio' }).waitFor();
      found.push(...(await check(page, 'studio-audio-file', viewport)));
      await page.getByText('Also dub into other languages').click();
      await page.getByRole('checkbox', { name: 'Italian' }).check();
      await page.getByLabel('From (seconds)').fill('1');
      found.push(...(await check(page, 'studio-audio-more-languages-and-part', viewport)));
      await page.getByLabel('From (seconds)').fill('');
      // Out of the number box first: Chromium scrolled the page on its blur, under the pointer.
      await page.getByLabel('From (seconds)').blur();
      await page.getByRole('checkbox', { name: 'Italian' }).uncheck();
      await page.getByLabel('Source language').selectOption('jpn');
      await page.getByRole('note').filter({ hasText: 'cannot be recognised here' }).waitFor();
      found.push(...(await check(page, 'studio-audio-source-needs-subtitles', viewport)));
      await page.getByLabel('Source language').selectOption('eng');
      await page.getByLabel('Target language').selectOption('deu');
      await page.getByRole('button', { name: 'Translate Audio' }).click();
      await page.getByRole('button', { name: 'Cancel', exact: true }).waitFor();
      found.push(...(await check(page, 'studio-audio-working', viewport)));
      await page.getByText('Translated output • Ready for download').waitFor({ timeout: 90_000 });
      await page.getByRole('heading', { name: 'Edit the lines' }).waitFor({ timeout: 10_000 });
      found.push(...(await check(page, 'studio-audio-result-with-editor', viewport)));
      const newest = (await (await fetch(`${service.url}/api/jobs?size=1`)).json()) as { jobs: { id: string }[] };
      const project = `/creator-studio/projects/${newest.jobs[0]!.id}`;

      await studio(page, 'Video Dubbing & Lip Sync');
      found.push(...(await check(page, 'studio-both-empty', viewport)));
      await studio(page, 'Video Translation');
      await page.getByLabel('Upload Video').setInputFiles(video);
      await page.getByLabel('Target language').selectOption('spa');
      found.push(...(await check(page, 'studio-video-file', viewport)));
      await page.getByLabel('Apply Lip Sync').uncheck();
      await page.getByRole('button', { name: 'Translate Video Audio' }).click();
      await page.getByTestId('result-video').waitFor({ timeout: 120_000 });
      found.push(...(await check(page, 'studio-video-result', viewport)));

      await page.goto(`${service.url}${project}`);
      await page.getByRole('heading', { name: 'Edit the lines' }).waitFor();
      found.push(...(await check(page, 'project-page', viewport)));
      await page.goto(`${service.url}/creator-studio/groups/${groupId}`);
      await page.getByRole('heading', { name: '2 languages · Ready' }).waitFor({ timeout: 120_000 });
      found.push(...(await check(page, 'group-page', viewport)));
      await page.goto(`${service.url}/creator-studio`);
      await page.getByRole('heading', { name: 'Recent projects' }).waitFor();
      found.push(...(await check(page, 'studio-selection-recent-projects', viewport)));

      // A corrected line fills the translation memory: its page with a line, and asking before forgetting all.
      await fetch(`${service.url}/api/jobs/${newest.jobs[0]!.id}/segments/0`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ target_text: 'Bienvenidos de nuevo al canal.' }),
      });
      await page.goto(`${service.url}/creator-studio/memory`);
      await page
        .getByRole('button', { name: /^Forget: / })
        .first()
        .waitFor();
      found.push(...(await check(page, 'memory', viewport)));
      await page.getByRole('button', { name: 'Forget all' }).click();
      found.push(...(await check(page, 'memory-forget-all', viewport)));
      await page.goto(`${service.url}/creator-studio/glossaries`);
      await page.getByRole('button', { name: 'New glossary' }).click();
      found.push(...(await check(page, 'glossary-new', viewport)));
      await page.goto(`${service.url}/creator-studio/usage`);
      await page.getByText(/it has no plan/).waitFor();
      found.push(...(await check(page, 'usage', viewport)));
    } finally {
      await context.close();
    }
    expect(found).toEqual([]);
  }, 300_000);
});
