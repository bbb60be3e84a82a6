import type { Server } from 'node:http';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { JobGroup } from '@voxlate/contract';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { ffmpeg, makeSpeechWav, makeVideo } from '../../../packages/dubber/src/test/make-media.js';
import { serveFolder, startService, type RunningService } from '../../server/src/test/service-process.js';
import { launchChromium, screenshot } from './browser.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-e2e-'));
const TALKING_CLIP = fileURLToPath(new URL('../../../.cache/debian-media/kphotoalbum/movie.avi', import.meta.url));
let service: RunningService;
let browser: Browser;
let page: Page;
let files: Server;
let filesUrl = '';
let speech = '';
let video = '';

beforeAll(async () => {
  speech = await makeSpeechWav(dir, ['Welcome back to the channel.', 'Today we cook a simple dinner.']);
  video = makeVideo(dir, speech);
  service = await startService({ VOXLATE_ALLOW_PRIVATE_URLS: '1' });
  browser = await launchChromium();
  ({ url: filesUrl, server: files } = await serveFolder(dir));
});

afterAll(async () => {
  files.close();
  await browser.close();
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** What the Content Security Policy refused on the current page (it must refuse nothing the studio does). */
let cspViolations: string[] = [];

beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  cspViolations = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});
afterEach(async () => {
  await page.close();
  expect(cspViolations).toEqual([]);
});

const openStudio = async (
  type: 'Audio Translation' | 'Video Translation' | 'Video Dubbing & Lip Sync',
): Promise<void> => {
  await page.goto(`${service.url}/creator-studio`);
  await page.getByRole('button', { name: type }).click();
};

describe('security headers', () => {
  it('serves the studio with a Content Security Policy and refuses form posts from other sites', async () => {
    const response = await page.goto(`${service.url}/creator-studio`);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    // The classic cross-site request forgery: a page of another origin with a form that posts
    // to the service (browsers send such simple form posts without asking anyone).
    const other = await browser.newPage();
    writeFileSync(
      join(dir, 'other-site.html'),
      `<!doctype html><title>Another site</title>
       <form method="post" enctype="multipart/form-data" action="${service.url}/translate">
         <input name="target_language" value="spa"><button>Send</button>
       </form>`,
    );
    await other.goto(`${filesUrl}/other-site.html`);
    const [answer] = await Promise.all([
      other.waitForResponse(`${service.url}/translate`),
      other.getByRole('button', { name: 'Send' }).click(),
    ]);
    expect(answer.status()).toBe(403);
    expect(((await answer.json()) as { error: string }).error).toMatch(/Requests from other web sites are refused/);
    await other.close();
  });
});

describe('the API reference', () => {
  it('renders at /api/docs from this machine alone, linked from the footer', async () => {
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(service.url) && !request.url().startsWith('blob:')) outside.push(request.url());
    });
    await page.goto(service.url);
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(`${service.url}/api/docs`);
    // Redoc has read the document and drawn the operations of every tag.
    await page
      .getByRole('heading', { name: /Voxlate API/ })
      .first()
      .waitFor();
    for (const summary of ['Dub audio', 'Create a job from a file or a link', 'The 11 languages']) {
      await page
        .getByRole('heading', { name: new RegExp(summary) })
        .first()
        .waitFor();
    }
    // Its first screen: the whole reference is 66,000 px high, 7 MB and 8.6 s of PNG encoding.
    await screenshot(page, 'api-reference', 'first screen');
    expect(outside).toEqual([]);
  });
});

describe('landing and pricing', () => {
  it('shows the landing page without the top bar, and Get Started leads to the studio', async () => {
    await page.goto(service.url);
    expect(await page.locator('.top-bar').count()).toBe(0);
    for (const anchor of ['Features', 'Technology', 'Use Cases']) {
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: anchor, exact: true }).getAttribute('href')).toBe(
        `#${anchor.toLowerCase().replace(' ', '-')}`,
      );
    }
    for (const title of [
      'Emotional Fidelity',
      'Vocal Characteristics',
      'Natural Timing',
      'Dominate Social Platforms',
      'Multiple Languages',
      'Authentic Audience Connection',
    ]) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    expect(await page.locator('video.demo-video').getAttribute('src')).toBe('/videos/demo.mp4');
    expect(await page.evaluate(() => document.querySelector<HTMLVideoElement>('video.demo-video')!.muted)).toBe(true);
    await screenshot(page, 'landing');
    await page.getByRole('link', { name: 'Get Started', exact: true }).click();
    await page.getByText('Supports 10+ languages').waitFor();
    expect(new URL(page.url()).pathname).toBe('/creator-studio');
    expect(await page.locator('.top-bar.full-width').count()).toBe(1);
    await screenshot(page, 'studio-selection');
  });

  it('toggles monthly and yearly prices', async () => {
    await page.goto(`${service.url}/pricing`);
    await page.getByText('Save 20%').waitFor();
    await page.getByText('Most Popular').waitFor();
    expect(await page.getByTestId('price-Creator').textContent()).toBe('$29');
    expect(await page.getByTestId('price-Professional').textContent()).toBe('$99');
    await page.getByRole('button', { name: /Yearly/ }).click();
    expect(await page.getByTestId('price-Creator').textContent()).toBe('$23');
    expect(await page.getByTestId('price-Professional').textContent()).toBe('$79');
    expect(await page.getByTestId('price-Free').textContent()).toBe('$0');
    await page.getByRole('link', { name: 'Contact Sales' }).waitFor();
    // A feature this version lacks is never ticked: a dash, and the words.
    const marks = await page
      .locator('.plan .features li')
      .evaluateAll((items) =>
        items.map((item) => [
          item.querySelector('[aria-hidden]')?.textContent,
          item.querySelector('.unavailable') !== null,
        ]),
      );
    expect(marks.filter(([mark, unavailable]) => unavailable && mark !== '–')).toEqual([]);
    expect(marks.filter(([, unavailable]) => unavailable).length).toBeGreaterThan(0);
    // Booking a demo means asking: it leads to the contact, not to a clip.
    await page.getByRole('link', { name: 'Book a Demo' }).click();
    await page.waitForURL(/\/about#contact$/);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.goBack();
    await screenshot(page, 'pricing-yearly');
  });
});

describe('studio', () => {
  it('dubs an uploaded audio file and shows playable audio and transcripts', async () => {
    await openStudio('Audio Translation');
    await page.getByText('Translation will appear here').waitFor();
    expect(await page.getByTestId('placeholder-wave').first().locator('span').count()).toBe(50);
    await page.getByLabel('Upload Audio or Video File').setInputFiles(speech);
    await page.getByText('speech.wav').waitFor();
    expect(await page.getByLabel('Target language').inputValue()).toBe('fra');
    await page.getByRole('heading', { name: '🇫🇷 French Translation' }).waitFor();
    await page.getByRole('button', { name: 'Translate Audio' }).click();
    await page.getByText('Translated output • Ready for download').waitFor({ timeout: 90_000 });
    await page.getByText('Completed!').count();
    expect(await page.getByTestId('transcript-target').textContent()).not.toBe('');
    // What a creator reads is in plain words: engine names, commands and decibels are under Details.
    for (const part of ['.translated-panel', '.settings', '.project-editor']) {
      const shown = await page.locator(part).first().innerText();
      expect(shown, part).not.toMatch(/npm run|\bdB\b|apertium|SVOX|Pico|eSpeak|psola|bic-clustering|pocketsphinx/i);
    }
    await page.getByRole('heading', { name: 'Translated (French)' }).waitFor();
    const volume = page.getByLabel('Translated audio volume');
    expect(await volume.getAttribute('step')).toBe('0.05');
    expect(await volume.inputValue()).toBe('0.5');
    await page.getByRole('button', { name: 'Play Translated audio' }).click();
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('.time'), (node) => node.textContent ?? '').some(
          (text) => !text.startsWith('0:00 /'),
        ),
      undefined,
      { timeout: 10_000 },
    );
    await page.getByRole('link', { name: 'Download audio' }).waitFor();
    // Named after the input, not "translated.wav".
    expect(await page.getByRole('link', { name: 'Download audio' }).getAttribute('download')).toBe('speech.fra.wav');
    await screenshot(page, 'studio-audio-result');
  });

  it('dubs a video with a moving progress bar, then plays the dubbed video', async () => {
    await openStudio('Video Translation');
    await page.getByRole('heading', { name: 'Video Translation' }).waitFor();
    await page.getByLabel('Upload Video').setInputFiles(video);
    await page.getByLabel('Target language').selectOption('spa');
    const seen = new Set<string>();
    const watcher = setInterval(() => {
      void page
        .locator('.progress-text')
        .textContent({ timeout: 100 })
        .then(
          (text) => text && seen.add(text),
          () => undefined,
        );
    }, 50);
    await page.getByRole('button', { name: 'Translate Audio & Lip Sync' }).click();
    await page.getByTestId('result-video').waitFor({ timeout: 120_000 });
    clearInterval(watcher);
    expect([...seen].filter((text) => /^\d+% complete$/.test(text)).length).toBeGreaterThanOrEqual(2);
    await page.getByText('Final video processed.').count();
    // The clip is a test pattern: the result says lip sync found no face, not that it is missing.
    await page.getByText(/Lip sync could not be applied to any line: no face in view/).waitFor();
    const played = await page.evaluate(async () => {
      const element = document.querySelector<HTMLVideoElement>('[data-testid="result-video"]')!;
      element.muted = true;
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 700));
      return element.currentTime;
    });
    expect(played).toBeGreaterThan(0.2);
    // The subtitles asked for are on from the start.
    const showing = await page.evaluate(() => {
      const element = document.querySelector<HTMLVideoElement>('[data-testid="result-video"]')!;
      return [...element.textTracks].map((track) => track.mode);
    });
    expect(showing).toEqual(['showing']);
    await screenshot(page, 'studio-video-result');
  });

  it('dubs a real talking head with "Video Dubbing & Lip Sync": the mouth is synced, no warning, the rest copied, it plays', async () => {
    // Debian's kphotoalbum demo clip (a man talking to the camera), unpacked by setup, then 3 s
    // of a black screen: with a keyframe a second, those groups of pictures hold no new mouth.
    const talking = join(dir, 'talking.mp4');
    const tail = 'color=c=black:s=160x120:r=15:d=3';
    const join2 =
      '[0:v]fps=15,format=yuv420p,setsar=1[a];[1:v]format=yuv420p,setsar=1[b];' +
      '[0:a]aresample=44100,aformat=channel_layouts=mono[x];[a][x][b][2:a]concat=n=2:v=1:a=1[v][au]';
    ffmpeg`-i ${TALKING_CLIP} -f lavfi -i ${tail} -f lavfi -i anullsrc=r=44100:cl=mono:d=3 -filter_complex ${join2}
      -map [v] -map [au] -c:v libx264 -g 15 -pix_fmt yuv420p -c:a aac ${talking}`;
    await openStudio('Video Dubbing & Lip Sync');
    await page.getByRole('heading', { name: 'Video Dubbing & Lip Sync' }).waitFor();
    await page.getByLabel('Upload Video').setInputFiles(talking);
    await page.getByLabel('Target language').selectOption('spa');
    const answer = page.waitForResponse((response) => response.url().endsWith('/process-video'), { timeout: 120_000 });
    await page.getByRole('button', { name: 'Translate, Dub & Lip Sync Video' }).click();
    const events = await (await answer).text();
    await page.getByTestId('result-video').waitFor({ timeout: 120_000 });
    const last = JSON.parse(
      events
        .trim()
        .split('\n\n')
        .at(-1)!
        .replace(/^data: /, ''),
    ) as {
      lip_sync?: { synced: number; picture?: { groups: number; copied_groups: number; encoded_frames: number } };
    };
    expect(last.lip_sync?.synced).toBeGreaterThan(0);
    // The black tail's groups were copied from the source, not re-encoded.
    expect(last.lip_sync?.picture?.copied_groups).toBeGreaterThanOrEqual(2);
    expect(last.lip_sync?.picture?.encoded_frames).toBeLessThan(113);
    expect(events).toContain('"phase":"Lip sync"');
    expect(await page.getByText(/Lip sync (is not available|could not be applied)/).count()).toBe(0);
    // The joined picture (re-encoded and copied stretches) plays in the browser from start to end.
    const played = await page.getByTestId('result-video').evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      element.playbackRate = 4;
      element.currentTime = 0;
      await element.play();
      await new Promise((resolve) => {
        element.addEventListener('ended', resolve, { once: true });
        element.addEventListener('error', resolve, { once: true });
      });
      return {
        ended: element.ended,
        error: element.error?.message ?? null,
        frames: element.getVideoPlaybackQuality().totalVideoFrames,
      };
    });
    expect(played).toMatchObject({ ended: true, error: null });
    expect(played.frames).toBeGreaterThan(100);
    await screenshot(page, 'studio-lip-sync-result');
  });

  it('audio mode: real stage progress beside /translate, Cancel that leaves no job, a hint on Change Type', async () => {
    const long = await makeSpeechWav(
      dir,
      [
        'Welcome back to the channel.',
        'Today we cook a simple dinner.',
        'First we cut the onions and the carrots.',
        'Then we fry them slowly in a little oil.',
        'While they cook we boil the water for the rice.',
        'Finally we taste it and add some salt.',
      ],
      'long talk.wav',
    );
    const jobsBefore = ((await (await fetch(`${service.url}/api/jobs`)).json()) as { total: number }).total;
    await openStudio('Audio Translation');
    await page.getByLabel('Upload Audio or Video File').setInputFiles(long);
    await page.getByLabel('Target language').selectOption('spa');
    const statuses = new Set<string>();
    const watcher = setInterval(() => {
      void page
        .locator('.status-text')
        .textContent({ timeout: 100 })
        .then(
          (text) => text && statuses.add(text),
          () => undefined,
        );
    }, 40);
    await page.getByRole('button', { name: 'Translate Audio' }).click();
    await page.getByText('Cancel the translation to change type.').waitFor();
    await page.waitForFunction(
      () => Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')) > 0,
    );
    await screenshot(page, 'studio-audio-working');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByText('Cancelled. The service kept nothing of it.').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Translate Audio' }).isEnabled()).toBe(true);
    // The service removed the cancelled job and its files.
    await expect
      .poll(async () => ((await (await fetch(`${service.url}/api/jobs`)).json()) as { total: number }).total)
      .toBe(jobsBefore);
    // Again to the end: the stages show while /translate waits (before: "Preparing..." throughout).
    await page.getByRole('button', { name: 'Translate Audio' }).click();
    await page.getByText('Translated output • Ready for download').waitFor({ timeout: 90_000 });
    clearInterval(watcher);
    const stages = [...statuses].filter(
      (text) => !['Preparing...', 'Completed!', 'Cancelled. The service kept nothing of it.'].includes(text),
    );
    expect(stages.length).toBeGreaterThanOrEqual(2);
    // Swap the file without leaving the mode: the result goes, the new file is ready to dub.
    await page.getByLabel('Replace file').setInputFiles(speech);
    await page.getByText('speech.wav').waitFor();
    await page.getByText('Translation will appear here').waitFor();
  });

  it('takes a source language and a subtitles file as the source, and says what cannot be heard', async () => {
    const subtitles = join(dir, 'cours.srt');
    writeFileSync(
      subtitles,
      "1\n00:00:00,300 --> 00:00:02,000\nBonjour à tous.\n\n2\n00:00:02,200 --> 00:00:04,000\nAujourd'hui nous cuisinons.\n\n",
    );
    await openStudio('Video Translation');
    await page.getByLabel('Upload Video').setInputFiles(video);
    const source = page.getByLabel('Source language');
    expect(await source.inputValue()).toBe('eng');
    const groups = await source
      .locator('optgroup')
      .evaluateAll((nodes) =>
        nodes.map((node) => `${node.getAttribute('label')}: ${node.querySelectorAll('option').length}`),
      );
    expect(groups).toEqual(['Heard offline: 1', 'Needs a subtitles file: 10']);
    await source.selectOption('fra');
    await page
      .getByRole('note')
      .filter({ hasText: 'French cannot be recognised here: add a subtitles file' })
      .waitFor();
    await page.getByLabel('Subtitles file').setInputFiles(subtitles);
    await page.getByText('cours.srt').waitFor();
    await page.getByLabel('Target language').selectOption('spa');
    await page.getByLabel('Apply Lip Sync').uncheck();
    await page.getByRole('button', { name: 'Translate Video Audio' }).click();
    await page.getByTestId('result-video').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('transcript-source').textContent()).toContain('Bonjour à tous.');
    expect(await page.getByText(/English was assumed/).count()).toBe(0);
    await screenshot(page, 'studio-subtitles-source');
  });

  it('imports a link from the Paste URL tab into the language chosen there (Enter submits)', async () => {
    await openStudio('Audio Translation');
    await page.getByRole('tab', { name: 'Paste URL' }).click();
    // The link tab has the same settings as a file: the target language among them.
    await page.getByLabel('Target language').selectOption('spa');
    const box = page.getByLabel('Direct link to an audio or video file');
    await box.fill(`${filesUrl}/speech.wav`);
    await box.press('Enter');
    await page.getByText('Translated output • Ready for download').waitFor({ timeout: 90_000 });
    await page.getByText('audio_from_url').waitFor();
    expect(await page.locator('a[download="speech.spa.wav"]').count()).toBe(1);
    await screenshot(page, 'studio-url-result');
  });

  it('imports a video link as a job that goes on when its tab closes two seconds in, and lists it in Recent projects', async () => {
    await openStudio('Video Translation');
    await page.getByRole('tab', { name: 'Paste URL' }).click();
    await page.getByLabel('Target language').selectOption('spa');
    const name = video.split('/').pop()!;
    await page.getByLabel('Direct link to a video file').fill(`${filesUrl}/${encodeURIComponent(name)}`);
    const queued = page.waitForResponse((response) => response.url().endsWith('/api/jobs'));
    await page.getByRole('button', { name: 'Go' }).click();
    const { id } = (await (await queued).json()) as { id: string };
    await page.waitForTimeout(2000);
    await page.close();
    const stateOf = async (): Promise<string> =>
      ((await (await fetch(`${service.url}/api/jobs/${id}`)).json()) as { state: string }).state;
    expect(['queued', 'running']).toContain(await stateOf());
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await expect.poll(stateOf, { timeout: 120_000, interval: 500 }).toBe('ready');
    await page.goto(`${service.url}/creator-studio`);
    const listed = page.getByRole('region', { name: 'Recent projects' }).getByRole('listitem').first();
    await listed.getByRole('link', { name }).waitFor();
    expect(await listed.textContent()).toContain('Spanish · Ready');
    await listed.getByRole('link', { name }).click();
    await page.getByTestId('project-video').waitFor();
  });

  it('dubs one file into several ticked languages and follows each on the group page', async () => {
    await openStudio('Audio Translation');
    await page.getByLabel('Upload Audio or Video File').setInputFiles(speech);
    await page.getByText('Also dub into other languages').click();
    await page.getByRole('checkbox', { name: 'Spanish' }).check();
    await page.getByRole('checkbox', { name: 'German' }).check();
    await page.getByText('Also dub into other languages (2 chosen)').waitFor();
    // Only the part from 0 s to 3 s: the second sentence keeps its own voice.
    await page.getByLabel('To (seconds)').fill('3');
    await page.getByRole('button', { name: 'Dub into 3 languages' }).click();
    await page.waitForURL(/\/creator-studio\/groups\//);
    await page.getByRole('progressbar', { name: 'All languages' }).waitFor();
    await page.getByRole('heading', { name: '3 languages · Ready' }).waitFor({ timeout: 180_000 });
    for (const name of ['French', 'Spanish', 'German']) {
      await page.getByRole('link', { name: `Open the ${name} project` }).waitFor();
      expect(await page.getByRole('progressbar', { name }).getAttribute('aria-valuenow')).toBe('100');
    }
    expect(await page.getByRole('link', { name: /^Download \(speech\.(fra|spa|deu)\.wav\)$/ }).count()).toBe(3);
    // Asked as chosen: the three languages in order, and the part.
    const group = (await (await fetch(`${service.url}/api/groups/${page.url().split('/').pop()!}`)).json()) as JobGroup;
    expect(group.jobs.map((job) => [job.target_language, job.part])).toEqual([
      ['fra', { end: 3 }],
      ['spa', { end: 3 }],
      ['deu', { end: 3 }],
    ]);
    await screenshot(page, 'studio-group');
    await page.getByRole('link', { name: 'Open the German project' }).click();
    await page.waitForURL(/\/creator-studio\/projects\//);
    await page.getByRole('heading', { name: 'speech.wav' }).waitFor();
  });

  it('shows each validation message', async () => {
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'not media');
    await openStudio('Audio Translation');
    await page.getByLabel('Upload Audio or Video File').setInputFiles(notes);
    await page.getByRole('alert').filter({ hasText: 'Please upload a valid audio file' }).waitFor();
    const huge = join(dir, 'huge.wav');
    writeFileSync(huge, '');
    truncateSync(huge, 157_286_401);
    await page.getByLabel('Upload Audio or Video File').setInputFiles(huge);
    await page.getByRole('alert').filter({ hasText: 'File max 150MB' }).waitFor();
    await page.getByRole('tab', { name: 'Paste URL' }).click();
    await page.getByLabel('Direct link to an audio or video file').fill('not a link');
    await page.getByRole('button', { name: 'Go' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please select a language and enter a valid URL' }).waitFor();
    await page.getByRole('button', { name: 'Change Type' }).click();
    await page.getByRole('button', { name: 'Video Dubbing & Lip Sync' }).click();
    await page.getByRole('heading', { name: 'Video Dubbing & Lip Sync' }).waitFor();
    await page.getByLabel('Upload Video').setInputFiles(speech);
    await page.getByRole('alert').filter({ hasText: 'Please upload a valid video file' }).waitFor();
    await screenshot(page, 'studio-validation');
  });

  it('brings the progress, then the result, into view after Translate, at laptop and phone size', async () => {
    const talk = await makeSpeechWav(
      dir,
      ['Welcome back to the channel.', 'Today we cook a simple dinner.', 'First we cut the onions and the carrots.'],
      'in-view.wav',
    );
    /** How much of the element is inside the window (1: all of it). */
    const shownShare = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => {
          const box = element.getBoundingClientRect();
          const inside = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
          return Math.max(0, inside) / box.height;
        });
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await openStudio('Audio Translation');
      await page.getByLabel('Upload Audio or Video File').setInputFiles(talk);
      await page.getByLabel('Target language').selectOption('spa');
      await page.getByRole('button', { name: 'Translate Audio' }).click();
      await page.locator('.working').waitFor();
      expect(await shownShare('.working'), `progress at ${viewport.width}px`).toBe(1);
      // Screen readers hear the phase and progress from a region that stays in the page.
      const spoken = page.locator('section[aria-label="Translation result"] [role="status"]').first();
      expect(await spoken.textContent()).toMatch(/\d+% complete$/);
      await page.getByText('Translated output • Ready for download').waitFor({ timeout: 90_000 });
      expect(await shownShare('.ready'), `result at ${viewport.width}px`).toBe(1);
      expect(await spoken.textContent()).toBe('Your dub is ready: play it or download it below.');
      await screenshot(page, `studio-result-in-view-${viewport.width}`);
    }
  }, 200_000);

  it('fits a phone screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openStudio('Audio Translation');
    await page.getByLabel('Upload Audio or Video File').setInputFiles(speech);
    await page.getByRole('button', { name: 'Translate Audio' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'studio-phone');
    // The settings come right after the file, and their first screen holds the language and the button.
    const firstScreenOfSettings = async (button: string): Promise<void> => {
      const settings = page.getByRole('region', { name: 'Translation Settings' });
      const original = await page.locator('.original-panel').boundingBox();
      const top = (await settings.boundingBox())!.y;
      expect(top).toBeGreaterThan(original!.y + original!.height - 1);
      expect(top).toBeLessThan((await page.locator('.translated-panel').boundingBox())!.y);
      const bottom = (box: { y: number; height: number } | null): number => box!.y + box!.height - top;
      expect(bottom(await page.getByLabel('Target language').boundingBox())).toBeLessThanOrEqual(844);
      expect(bottom(await page.getByRole('button', { name: button }).boundingBox())).toBeLessThanOrEqual(844);
    };
    await firstScreenOfSettings('Translate Audio');
    await page.getByRole('button', { name: 'Change Type' }).click();
    await page.getByRole('button', { name: 'Video Dubbing & Lip Sync' }).click();
    await page.getByLabel('Upload Video').setInputFiles(video);
    await firstScreenOfSettings('Translate, Dub & Lip Sync Video');
  });

  it('shows a server error in the alert and "Failed."', async () => {
    const quiet = join(dir, 'quiet.wav');
    ffmpeg`-f lavfi -i anoisesrc=amplitude=0.001:duration=2 ${quiet}`;
    await openStudio('Audio Translation');
    await page.getByLabel('Upload Audio or Video File').setInputFiles(quiet);
    await page.getByRole('button', { name: 'Translate Audio' }).click();
    await page.getByRole('alert').filter({ hasText: 'No speech found in this file' }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'studio-server-error');
  });
});
