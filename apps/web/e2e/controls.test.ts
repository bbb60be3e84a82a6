import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { form, startService, type RunningService } from '../../server/src/test/service-process.js';
import { launchChromium } from './browser.js';

/**
 * Every control on every page and studio state, at desktop and phone width (360 px), is clicked
 * on a fresh page: each must change something (the address, what the page shows or holds, the
 * scroll, a dialog, a file chooser, a download). One that changes nothing fails the test by
 * name. Controls that stand for where the user already is (a pressed toggle, a selected tab, a
 * link to this very page) and lists with nothing else to pick are left out; links off this
 * machine are checked for a real address but not followed (the browser stays on loopback). Along
 * the way: no console error, no failed request, no horizontal scrolling, and a walk by Tab
 * reaches every control in the page's order with a visible focus.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-controls-e2e-'));
const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 360, height: 740 },
} as const;
const CONTROLS = 'a[href], button, summary, select, input[type="checkbox"], [role="tab"]';

let service: RunningService;
let browser: Browser;
let projectPath = '';

/** A page or studio state: where to go and what to do to get there. */
interface Place {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
}

const studioMode =
  (mode: string, tab?: string) =>
  async (page: Page): Promise<void> => {
    await page.getByRole('button', { name: mode }).click();
    if (tab) await page.getByRole('tab', { name: tab }).click();
  };
const heading = (name: string) => async (page: Page) => page.getByRole('heading', { name, level: 1 }).waitFor();

const PLACES = (): Place[] => [
  { name: 'landing', path: '/', ready: heading('Your videos, heard in 40+ languages') },
  { name: 'pricing', path: '/pricing', ready: heading('Simple pricing for every creator') },
  { name: 'about', path: '/about', ready: heading('About Voxlate') },
  { name: 'privacy', path: '/privacy', ready: heading('Privacy') },
  { name: 'terms', path: '/terms', ready: heading('Terms') },
  { name: 'licences', path: '/licences', ready: heading('Licences and attributions') },
  { name: 'not found', path: '/no-such-page', ready: heading('Page not found') },
  { name: 'studio', path: '/creator-studio', ready: heading('What would you like to translate?') },
  { name: 'studio audio', path: '/creator-studio', ready: studioMode('Audio Translation') },
  { name: 'studio audio link', path: '/creator-studio', ready: studioMode('Audio Translation', 'Paste URL') },
  { name: 'studio video', path: '/creator-studio', ready: studioMode('Video Translation') },
  { name: 'studio video and lip sync', path: '/creator-studio', ready: studioMode('Video Dubbing & Lip Sync') },
  {
    name: 'live',
    path: '/creator-studio/live',
    ready: async (page) => page.getByRole('button', { name: 'Start speaking' }).waitFor(),
  },
  {
    name: 'project',
    path: projectPath,
    // Loaded, and not re-dubbing (a control used before may have started a re-dub, which locks the lines).
    ready: async (page) => {
      await heading('talk.wav')(page);
      await page.getByText(/^(Dub up to date\.|\d+ changed lines?:)/).waitFor({ timeout: 60_000 });
    },
  },
  { name: 'memory', path: '/creator-studio/memory', ready: heading('Translation memory') },
  { name: 'glossaries', path: '/creator-studio/glossaries', ready: heading('Glossaries') },
  { name: 'usage', path: '/creator-studio/usage', ready: heading('Usage') },
];

beforeAll(async () => {
  const speech = await makeSpeechWav(
    dir,
    ['Welcome back to the channel.', 'Today we cook a simple dinner.'],
    'talk.wav',
  );
  service = await startService();
  browser = await launchChromium();
  // A finished project, for its page.
  const created = await fetch(`${service.url}/api/jobs`, {
    method: 'POST',
    body: await form({ target_language: 'spa' }, { file: speech }),
  });
  const { id } = (await created.json()) as { id: string };
  for (let i = 0; i < 600; i++) {
    const job = (await (await fetch(`${service.url}/api/jobs/${id}`)).json()) as { state: string };
    if (job.state === 'ready') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  projectPath = `/creator-studio/projects/${id}`;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Everything in the DOM a click could change, but the focus (a click always moves it): put on
 * every page by an init script, so the test can both read it and wait in the page for it to change.
 */
function installDomState(): void {
  (window as unknown as { voxlateDomState: () => string }).voxlateDomState = () => {
    const fields = [...document.querySelectorAll('input, select, textarea')].map((field) => {
      const element = field as HTMLInputElement;
      return `${element.value}:${element.checked}`;
    });
    const media = [...document.querySelectorAll('video, audio')].map((element) => (element as HTMLMediaElement).paused);
    const dialogs = [...document.querySelectorAll('dialog')].map((dialog) => dialog.open);
    return JSON.stringify([
      location.href,
      document.title,
      document.body.innerHTML,
      Math.round(window.scrollX),
      Math.round(window.scrollY),
      fields,
      media,
      dialogs,
    ]);
  };
}

type WithDomState = Window & { voxlateDomState: () => string };
const domStateOf = (page: Page): Promise<string> =>
  page.evaluate(() => (window as unknown as WithDomState).voxlateDomState());

/** What CSS shows on a state the DOM does not hold (a tooltip on :focus), the mouse moved away. */
async function pictureOf(page: Page): Promise<string> {
  await page.mouse.move(0, 0);
  return (await page.screenshot()).toString('base64');
}

/** Time a control is given to show its effect (it was a fixed wait after every click). */
const EFFECT_MS = 300;

/** What using a control was seen to do: a change, nothing at all, or nothing the DOM shows (the picture decides). */
type Effect = 'changed' | 'nothing' | 'not in the DOM';

/**
 * Whether using the control changed anything: an event (file chooser, download, popup), the DOM
 * (waited for in the page, so a control that changes it is done at once), or else, once the
 * control's time is up, the picture. Photographing every state before its click took a sixth of
 * the test (75 pictures a width, 0.16 s each) for the three controls a width whose change only the
 * picture shows, so the control is first used unphotographed; one that changed nothing in the DOM
 * is used again from its place opened afresh (`reopen`), photographed before and after.
 */
async function changesSomething(control: Locator, page: Page, reopen: () => Promise<Locator>): Promise<boolean> {
  const effect = await effectOf(control, page, undefined);
  if (effect !== 'not in the DOM') return effect === 'changed';
  const again = await reopen();
  return (await effectOf(again, page, await pictureOf(page))) === 'changed';
}

/** The `rank`-th control with this name on the page as it is now (the index it had, if none has it). */
async function controlNamed(page: Page, name: string, rank: number, index: number): Promise<Locator> {
  const matches = (await factsOf(page)).flatMap((facts, at) => (facts.name === name ? [at] : []));
  return page.locator(CONTROLS).nth(matches[rank] ?? index);
}

/** Uses the control and says what it did; with no `before` picture, a change only the picture shows is unknown. */
async function effectOf(control: Locator, page: Page, before: string | undefined): Promise<Effect> {
  const dom = await domStateOf(page);
  let happened = false;
  const mark = (): void => void (happened = true);
  // Playwright types each event separately, so one loop over the three names does not type-check.
  page.on('filechooser', mark).on('download', mark).on('popup', mark);
  try {
    await use(control);
    const changed = await page
      .waitForFunction((previous) => (window as unknown as WithDomState).voxlateDomState() !== previous, dom, {
        timeout: EFFECT_MS,
      })
      .then(() => true)
      // A timeout (nothing changed in the DOM), or a navigation that replaced the page (checked below).
      .catch(() => false);
    if (changed || happened) return 'changed';
  } finally {
    page.off('filechooser', mark).off('download', mark).off('popup', mark);
  }
  await page.waitForLoadState();
  if ((await domStateOf(page)) !== dom) return 'changed';
  if (before === undefined) return 'not in the DOM';
  return (await pictureOf(page)) !== before ? 'changed' : 'nothing';
}

/** What the sweep needs to know of a control before using it. */
interface ControlFacts {
  /** Shown and enabled (one hidden or disabled is not used). */
  usable: boolean;
  /** Its name as a person would say it. */
  name: string;
  href: string | null;
  /** Why it is not used (it stands for where the user already is, offers nothing else, or leaves loopback), if it is not. */
  skip?: 'pressed' | 'selected' | 'current' | 'no other choice' | 'off this machine' | 'this page';
}

/** The facts of every control on the page, in one trip to the page (not five a control). */
async function factsOf(page: Page): Promise<ControlFacts[]> {
  return page.locator(CONTROLS).evaluateAll((elements, here) => {
    const choosable = (option: HTMLOptionElement): boolean =>
      !option.selected && !option.disabled && option.value !== '';
    const skipOf = (element: Element): ControlFacts['skip'] => {
      if (element.getAttribute('aria-pressed') === 'true') return 'pressed';
      if (element.getAttribute('aria-selected') === 'true') return 'selected';
      if (element.hasAttribute('aria-current')) return 'current';
      // A list with nothing else to pick (the live source language offline, a speaker's one
      // voice) shows a choice that cannot be changed: nothing to use.
      if (element instanceof HTMLSelectElement && ![...element.options].some(choosable)) return 'no other choice';
      const href = element.getAttribute('href');
      if (href === null) return undefined;
      const target = new URL(href, here);
      if (target.origin !== new URL(here).origin) return 'off this machine';
      return target.href === here ? 'this page' : undefined;
    };
    return elements.map((element) => {
      // As Playwright's isVisible and isEnabled judge them (:disabled also covers a disabled fieldset).
      const box = element.getBoundingClientRect();
      const shown = box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      const disabled = element.matches(':disabled') || element.closest('[aria-disabled="true"]') !== null;
      const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
      return {
        usable: shown && !disabled,
        name: `${element.tagName.toLowerCase()} "${label.trim().replace(/\s+/g, ' ').slice(0, 60)}"`,
        href: element.getAttribute('href'),
        skip: skipOf(element),
      };
    });
  }, page.url());
}

/** Clicks (or, for a select, changes) the control. One that cannot be used is found out by its changing nothing. */
async function use(control: Locator): Promise<void> {
  try {
    if ((await control.evaluate((element) => element.tagName)) === 'SELECT') {
      const values = await control.evaluate((element) =>
        [...(element as HTMLSelectElement).options]
          // A disabled option cannot be chosen: Playwright would wait its whole 30 s for it.
          .filter((option) => !option.selected && !option.disabled && option.value !== '')
          .map((option) => option.value),
      );
      if (values[0] !== undefined) await control.selectOption(values[0], { timeout: 3000 });
    } else {
      await control.click({ timeout: 3000 });
    }
  } catch {
    // Not clickable (covered, detached): judged like any other control, by what changed.
  }
}

/**
 * Tabs through the page from its top: every visible control that takes the focus by Tab is
 * reached, in document order, and shows where the focus is (an outline or a ring).
 */
async function keyboardWalk(page: Page, place: string): Promise<string[]> {
  const problems: string[] = [];
  // Each control numbered in the page's order, and the walk started from the top of the page.
  const expected = await page.locator(CONTROLS).evaluateAll((elements) => {
    const tabbable: number[] = [];
    elements.forEach((element, index) => {
      element.setAttribute('data-walk', String(index));
      const box = element.getBoundingClientRect();
      const shown = box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      if (shown && !(element as HTMLButtonElement).disabled && (element as HTMLElement).tabIndex >= 0)
        tabbable.push(index);
    });
    const start = document.createElement('span');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    return tabbable;
  });
  const reached: number[] = [];
  for (let step = 0; step < expected.length + 15; step++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return undefined;
      const style = getComputedStyle(element);
      const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      return {
        walk: Number(element.getAttribute('data-walk') ?? -1),
        html: element.outerHTML.slice(0, 100),
        tag: element.tagName,
        ring,
      };
    });
    if (!focus || (focus.walk >= 0 && reached.includes(focus.walk))) break;
    if (focus.walk >= 0) reached.push(focus.walk);
    if (!focus.ring && !['VIDEO', 'AUDIO'].includes(focus.tag))
      problems.push(`${place}: no visible focus on ${focus.html}`);
  }
  const names = await page
    .locator(CONTROLS)
    .evaluateAll((elements) => elements.map((element) => element.outerHTML.slice(0, 100)));
  for (const index of expected.filter((candidate) => !reached.includes(candidate))) {
    problems.push(`${place}: not reached by Tab: ${names[index]}`);
  }
  const inOrder = reached.every((index, i) => i === 0 || index > reached[i - 1]!);
  if (!inOrder) problems.push(`${place}: Tab order is not the page's order (${reached.join(', ')})`);
  return problems;
}

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('every control at %s width', (viewport) => {
  it('does something, is reached by keyboard with a visible focus, on every page and studio state, with no console error or sideways scrolling', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
    await context.addInitScript(installDomState);
    const page = await context.newPage();
    const dead: string[] = [];
    const problems: string[] = [];
    const checked = new Set<string>();
    let clicked = 0;
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('requestfailed', (request) => {
      // A media element's own range requests are cancelled when the page moves on.
      if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed request: ${request.url()}`);
    });
    // Requests that change something, still under way: a page opened before one has landed shows
    // the old state, and its controls then meet the new one (an edit refused with 409).
    const changing = new Set<Request>();
    page.on('request', (request) => {
      if (request.method() !== 'GET') changing.add(request);
    });
    const landed = (request: Request): void => void changing.delete(request);
    page.on('requestfinished', landed).on('requestfailed', landed);
    const open = async (place: Place): Promise<void> => {
      for (let i = 0; i < 100 && changing.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      await page.goto(`${service.url}${place.path}`);
      await place.ready(page);
    };
    try {
      for (const place of PLACES()) {
        await open(place);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) problems.push(`${place.name}: scrolls sideways by ${overflow} px`);
        problems.push(...(await keyboardWalk(page, place.name)));
        await open(place);
        // The place as it opens; it is opened afresh before each control after one that was used.
        const facts = await factsOf(page);
        let fresh = true;
        for (const [index, { usable, name, href, skip }] of facts.entries()) {
          if (!usable) continue;
          // A link is the same wherever it is (the footer's on every page): checked once.
          const key = href !== null ? `link ${href}` : `${place.name}: ${name}`;
          if (checked.has(key)) continue;
          checked.add(key);
          if (skip === 'off this machine') {
            expect(href).toMatch(/^(https?:)?\/\//);
            continue;
          }
          if (skip) continue;
          if (!fresh) await open(place);
          // Found again by name after each opening: a part of the page that loads late (the saved
          // voices) would otherwise shift every control after it by one under load.
          const rank = facts.slice(0, index).filter((earlier) => earlier.name === name).length;
          const control = await controlNamed(page, name, rank, index);
          const changed = await changesSomething(control, page, async () => {
            await open(place);
            return controlNamed(page, name, rank, index);
          });
          clicked++;
          fresh = false;
          if (!changed) dead.push(`${place.name}: ${name}`);
        }
      }
    } finally {
      await context.close();
    }
    console.log(`${viewport}: ${clicked} controls used, ${checked.size} seen`);
    expect(dead).toEqual([]);
    expect(problems).toEqual([]);
    expect(clicked).toBeGreaterThan(40);
  }, 600_000);
});
