import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanguageCode, Segment } from '@voxlate/core';
import { offlineTestDubber } from './test/offline-dubber.js';
import { makeLibrivoxWav } from './test/make-media.js';

/**
 * Words left in the source language are flagged "untranslated" on lines Apertium calls full
 * translations: its unknown-word marks, and source words copied into the line that the target
 * language's dictionary does not know.
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-untranslated-'));
const dubber = offlineTestDubber(root);
let input = '';

beforeAll(() => {
  input = makeLibrivoxWav(root);
});
afterAll(async () => {
  await dubber.close();
  rmSync(root, { recursive: true, force: true });
});

async function untranslatedOf(
  from: LanguageCode,
  to: LanguageCode,
  lines: string[],
  readAs: Segment['readAs'][] = [],
): Promise<string[][]> {
  const transcript = lines
    .map((line, i) => `${i + 1}\n00:00:0${i * 3},300 --> 00:00:0${i * 3 + 2},800\n${line}\n`)
    .join('\n');
  const run = await dubber.dub({
    input,
    output: join(root, `${from}-${to}.wav`),
    sourceLanguage: from,
    targetLanguage: to,
    transcript,
    choices: { voice: { mode: 'neutral' } },
    options: { separation: 'off' },
  });
  return run.timeline.segments.map((segment) => {
    expect(segment.quality).toBe('full');
    readAs.push(segment.readAs);
    const flag = segment.review?.find((review) => review.reason === 'untranslated');
    return (flag?.words ?? []).map((word) => word.text.toLowerCase()).sort();
  });
}

describe('untranslated words on full translations', () => {
  it('flags the Spanish words Apertium left in an English line', async () => {
    const readAs: Segment['readAs'][] = [];
    const flagged = await untranslatedOf(
      'spa',
      'eng',
      ['Las carpetas vacias fueron desactivado.', 'Hay que deshabilitar el servicio.', 'El hotel tiene una casa.'],
      readAs,
    );
    // "vacias", written without its accent, is read as "vacías" and translated: not flagged,
    // and the line says what it was read as.
    expect(flagged[0]).toEqual(['desactivado']);
    expect(readAs).toEqual([[{ written: 'vacias', read: 'vacías' }], undefined, undefined]);
    expect(flagged[1]).toEqual(['deshabilitar']);
    // "hotel" is English too: translated words are not flagged.
    expect(flagged[2]).toEqual([]);
  }, 120_000);

  it('flags the English words left in a Spanish line', async () => {
    const flagged = await untranslatedOf('eng', 'spa', ['The homeless man was heady.', 'We stay at the hotel.']);
    expect(flagged[0]).toEqual(expect.arrayContaining(['homeless', 'heady']));
    expect(flagged[1]).toEqual([]);
  }, 120_000);
});
