import { readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { offlineTestDubber } from './test/offline-dubber.js';
import { ffmpeg, makeLibrivoxWav } from './test/make-media.js';

/**
 * Speech in another language dubbed as if it were English (the default source): one warning that
 * it may not be English, with what to do, instead of an "unsure words" flag on every line. Real
 * speech: KTuberling's spoken words, recorded by people (scripts/debian-media.sh unpacks them).
 */
const WORDS = fileURLToPath(new URL('../../../.cache/debian-media/ktuberling-data', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'voxlate-language-doubt-'));
const dubber = offlineTestDubber(root);
afterAll(async () => {
  await dubber.close();
  rmSync(root, { recursive: true, force: true });
});

/** Fourteen of a language's spoken words, each followed by 0.6 s of silence. */
function spokenWords(language: string): string {
  const files = readdirSync(join(WORDS, language)).sort().slice(0, 14);
  const path = join(root, `${language}.wav`);
  const inputs = files.flatMap((file) => ['-i', join(WORDS, language, file)]);
  const padded = files.map((_, i) => `[${i}]aresample=16000,aformat=channel_layouts=mono,apad=pad_dur=0.6[w${i}]`);
  const filter = `${padded.join(';')};${files.map((_, i) => `[w${i}]`).join('')}concat=n=${files.length}:v=0:a=1`;
  ffmpeg`${inputs} -filter_complex ${filter} -ar 16000 ${path}`;
  return path;
}

async function dubAsEnglish(input: string) {
  return dubber.dub({
    input,
    output: join(root, 'out.wav'),
    sourceLanguage: 'eng',
    targetLanguage: 'spa',
    choices: { voice: { mode: 'neutral' } },
    options: { separation: 'off' },
  });
}

describe('speech that may not be in the source language', () => {
  it('gets one warning naming what to do, and no line is flagged unsure', async () => {
    const run = await dubAsEnglish(spokenWords('de'));
    expect(run.timeline.languageDoubt).toBeDefined();
    const warning = run.timeline.warnings.find((text) => text.startsWith('The speech may not be English'));
    expect(warning).toMatch(/source_language, --from/);
    expect(warning).toMatch(/whisper-small/);
    const unsure = run.timeline.segments.filter((segment) =>
      segment.review?.some((flag) => flag.reason === 'unsure-words'),
    );
    expect(unsure).toEqual([]);
  }, 180_000);

  it('does not cry wolf on real English sentences', async () => {
    const run = await dubAsEnglish(makeLibrivoxWav(root));
    expect(run.timeline.languageDoubt).toBeUndefined();
    expect(run.timeline.warnings.join(' ')).not.toMatch(/may not be English/);
  }, 180_000);
});
