import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeys, DiskGlossaries } from '@voxlate/workspace';
import { makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { startService, type RunningService } from '../../server/src/test/service-process.js';
import { seriousViolations } from './axe.js';
import { launchChromium, screenshot } from './browser.js';

/**
 * The studio on a service that asks for API keys (issue 42, item 5): it asks for the key once,
 * keeps it only in the service's HttpOnly cookie (never where the page's scripts can read it),
 * shows the workspace, dubs a file, and signs out.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-sign-in-e2e-'));
const dataDir = join(dir, 'data');
let service: RunningService;
let browser: Browser;
let speech = '';
let key = '';

beforeAll(async () => {
  speech = await makeSpeechWav(dir, ['Welcome back to the channel.', 'Today we cook a simple dinner.'], 'speech.wav');
  // A glossary made while the service was open: the new workspace cannot see it until adopted.
  await new DiskGlossaries(dataDir).create('Kitchen', { sourceLanguage: 'eng', terms: [] });
  key = (await new ApiKeys(dataDir).add('Cooking Team')).key;
  service = await startService({}, { dataDir });
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('signing in to the studio', () => {
  it('asks for the key once, shows the workspace, dubs a file and signs out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${service.url}/creator-studio`);
    await page.getByRole('heading', { name: 'Sign in to the studio' }).waitFor();
    // The marketing pages stay open to all.
    const pricing = await context.newPage();
    await pricing.goto(`${service.url}/pricing`);
    await pricing.getByRole('heading', { name: 'Simple pricing for every creator', level: 1 }).waitFor();
    await pricing.close();

    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('API key').fill('vxk_not-the-key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'not valid here' }).waitFor();
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'What would you like to translate?' }).waitFor();
    await page.getByText('Workspace: Cooking Team').waitFor();
    // Nothing of its own yet: the studio says the earlier glossary is kept, and how it comes back.
    const waiting = page.locator('.earlier-work');
    await waiting.getByText(/before it asked for keys \(glossaries\) is kept/).waitFor();
    expect(await waiting.locator('details').textContent()).toContain('npm run keys -- adopt "Cooking Team"');
    await screenshot(page, 'signed-in-studio');
    expect(await seriousViolations(page)).toEqual([]);
    // At phone width the top bar keeps the workspace and Sign out within the page, on one row.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const rows = await page.evaluate(() => {
      const bar = document.querySelector('.top-bar')!;
      const parts = ['.brand', '.workspace-name', '.workspace-badge .button', '.top-bar-actions > .button'];
      const middles = parts.map((selector) => {
        const box = bar.querySelector(selector)!.getBoundingClientRect();
        return Math.round(box.top + box.height / 2);
      });
      return { middles, height: bar.getBoundingClientRect().height };
    });
    expect(Math.max(...rows.middles) - Math.min(...rows.middles)).toBeLessThanOrEqual(4);
    expect(rows.height).toBeLessThan(70);
    await screenshot(page, 'signed-in-studio-phone');
    await page.setViewportSize({ width: 1280, height: 720 });

    // A session id (not the key) is in an HttpOnly, SameSite=Strict session cookie, out of the page's reach.
    const [cookie] = await context.cookies(service.url);
    expect(cookie).toMatchObject({ name: 'voxlate_session', httpOnly: true, sameSite: 'Strict', expires: -1 });
    expect(cookie!.value).toMatch(/^vxs_/);
    const readable = await page.evaluate(() => ({
      cookie: document.cookie,
      stored: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    }));
    expect(readable.cookie).toBe('');
    expect(readable.stored).not.toContain('vxk_');

    // A reload keeps the session; the studio dubs as before.
    await page.reload();
    await page.getByText('Workspace: Cooking Team').waitFor();
    await page.getByRole('button', { name: 'Audio Translation' }).click();
    await page.getByLabel('Upload Audio or Video File').setInputFiles(speech);
    await page.getByRole('button', { name: 'Translate Audio' }).click();
    await page.getByText('Translated output • Ready for download').waitFor({ timeout: 120_000 });
    const jobs = (await (await page.request.get(`${service.url}/api/jobs`)).json()) as { total: number };
    expect(jobs.total).toBe(1);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the studio' }).waitFor();
    expect(await context.cookies(service.url)).toEqual([]);
    expect((await page.request.get(`${service.url}/api/jobs`)).status()).toBe(401);
    // The cookie, had it been copied before signing out, opens nothing now: the session ended on the service.
    const copied = await fetch(`${service.url}/api/jobs`, { headers: { cookie: `voxlate_session=${cookie!.value}` } });
    expect(copied.status).toBe(401);
    await context.close();
  }, 180_000);
});
