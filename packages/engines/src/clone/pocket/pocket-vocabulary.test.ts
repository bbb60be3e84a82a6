import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineUnavailable } from '@voxlate/core';
import { writeTinyPocket } from '@voxlate/tiny-models';
import { checkPocketVocabulary } from './pocket-vocabulary.js';

/** The tiny model's SentencePiece files, broken the ways that crash sherpa-onnx's native code. */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-pocket-vocab-'));
const vocab = join(dir, 'vocab.json');
const scores = join(dir, 'token_scores.json');
let goodVocab = '';
let goodScores = '';

beforeAll(async () => {
  await writeTinyPocket(dir);
  goodVocab = readFileSync(vocab, 'utf8');
  goodScores = readFileSync(scores, 'utf8');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function withVocab(edit: (entries: [string, number][]) => [string, number][], text?: string): Promise<void> {
  const entries = Object.entries(JSON.parse(goodVocab) as Record<string, number>);
  writeFileSync(vocab, text ?? JSON.stringify(Object.fromEntries(edit(entries))));
  writeFileSync(scores, goodScores);
  return checkPocketVocabulary(vocab, scores);
}

describe('checkPocketVocabulary', () => {
  it('accepts the files as the export writes them', async () => {
    await expect(withVocab((entries) => entries)).resolves.toBeUndefined();
  });

  it.each<[string, (entries: [string, number][]) => [string, number][], RegExp]>([
    ['an id skipped', (entries) => entries.slice(1), /outside 0-/],
    [
      'an id given twice',
      (entries) => entries.map(([token, id]) => [token, id === 1 ? 0 : id]),
      /id 0 is given to more than one token/,
    ],
    ['a fractional id', (entries) => entries.map(([token, id]) => [token, id === 3 ? 3.5 : id]), /has id 3.5/],
  ])('refuses a vocabulary with %s, naming the file and the fix', async (_, edit, why) => {
    const refusal = withVocab(edit);
    await expect(refusal).rejects.toBeInstanceOf(EngineUnavailable);
    await expect(refusal).rejects.toThrow(why);
    await expect(refusal).rejects.toThrow(/vocab\.json.*npm run models -- remove pocket-tts-eng/);
  });

  it('refuses a token listed twice in the file (JSON.parse would keep one and hide it)', async () => {
    const twice = goodVocab.replace(/^\{/, '{"<unk>": 0, ');
    await expect(withVocab((entries) => entries, twice)).rejects.toThrow(/1 token listed more than once/);
  });

  it('refuses a file that is not a token -> number object, and tokens without a score', async () => {
    await expect(withVocab((entries) => entries, '["a", "b"]')).rejects.toThrow(/not an object/);
    await expect(withVocab((entries) => entries, '{"a": 0,')).rejects.toThrow(/not JSON/);
    writeFileSync(vocab, goodVocab);
    const scored = JSON.parse(goodScores) as Record<string, number>;
    delete scored['<unk>'];
    writeFileSync(scores, JSON.stringify(scored));
    await expect(checkPocketVocabulary(vocab, scores)).rejects.toThrow(
      /token_scores\.json.*1 token of vocab\.json without a score/,
    );
  });
});
