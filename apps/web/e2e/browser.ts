import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const SCREENSHOTS = join(import.meta.dirname, '../../../test-results/screenshots');

/**
 * Debian's Chromium, headless, kept off the network (it only ever talks to loopback here). It
 * gets a runtime folder of its own, removed when it closes: PulseAudio's client library, which
 * Chromium loads to play media, otherwise leaves a pulse-* folder in the temp folder. It is its temp
 * folder too: Chromium's shared-memory files (.org.chromium.Chromium.*, made there when /dev/shm
 * will not do) are unlinked at once, but one made as the browser closes was once left behind.
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const runtime = mkdtempSync(join(tmpdir(), 'voxlate-chromium-runtime-'));
  const browser = await chromium.launch({
    env: { ...process.env, XDG_RUNTIME_DIR: runtime, TMPDIR: runtime },
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
      ...extraArgs,
    ],
  });
  browser.on('disconnected', () => rmSync(runtime, { recursive: true, force: true }));
  return browser;
}

/** The whole page photographed, or only its first screen (a page tens of screens long takes seconds to encode). */
export async function screenshot(
  page: Page,
  name: string,
  extent: 'whole page' | 'first screen' = 'whole page',
): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: extent === 'whole page' });
}
