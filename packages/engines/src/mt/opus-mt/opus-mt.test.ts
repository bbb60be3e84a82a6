import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cancelled } from '@voxlate/core';
import { ModelManager, catalogModel } from '@voxlate/models';
import { writeTinyMarian, writeTinyNllb } from '@voxlate/tiny-models';
import { SCORES_FILE } from '../../measured-scores.js';
import { defaultRegistries } from '../../neural-registries.js';
import { RegistryResolver } from '../../registry-resolver.js';

/**
 * Opus-MT on tiny random-weight Marian models written by the repo, beside a tiny NLLB: which
 * serves a pair follows measured scores when every able engine has one, rank otherwise.
 * Nothing here measures translation quality.
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-tiny-opus-'));
const manager = new ModelManager({ root, hubBase: 'http://127.0.0.1:9', offline: true });
const registries = defaultRegistries(manager);
const byRank = new RegistryResolver(registries);
const byScore = new RegistryResolver(registries, { scoresFile: join(root, SCORES_FILE) });

beforeAll(async () => {
  await writeTinyMarian(join(root, catalogModel('opus-mt-eng-spa')!.repo));
  await writeTinyMarian(join(root, catalogModel('opus-mt-eng-cmn')!.repo), { targetTokens: ['>>cmn_Hans<<'] });
  await writeTinyNllb(join(root, catalogModel('nllb-200-distilled-600M')!.repo));
  for (const id of ['opus-mt-eng-spa', 'opus-mt-eng-cmn', 'nllb-200-distilled-600M']) await manager.adopt(id);
  const scores = {
    translation: { 'eng→spa': { 'opus-mt': 61.2, 'nllb-200': 58.9, apertium: 50.7 }, 'eng→cmn': { 'opus-mt': 30 } },
  };
  writeFileSync(join(root, SCORES_FILE), JSON.stringify(scores));
});
afterAll(async () => {
  await byRank.close();
  await byScore.close();
  rmSync(root, { recursive: true, force: true });
});

describe('Opus-MT on tiny models', () => {
  it('claims only its installed pairs', async () => {
    const opus = await registries.mt.get('opus-mt');
    expect(opus.qualityFor({ source: 'eng', target: 'spa' })).toBe('full');
    expect(opus.qualityFor({ source: 'eng', target: 'cmn' })).toBe('full');
    expect(opus.qualityFor({ source: 'eng', target: 'fra' })).toBeUndefined();
    expect(opus.qualityFor({ source: 'spa', target: 'eng' })).toBeUndefined();
  });

  it('serves a pair when measured better than NLLB, and ranks below it otherwise', async () => {
    expect((await byRank.translator({ source: 'eng', target: 'spa' })).id).toBe('nllb-200');
    expect((await byScore.translator({ source: 'eng', target: 'spa' })).id).toBe('opus-mt');
    // eng→cmn: NLLB has no score, so the measurement is incomplete and rank decides.
    expect((await byScore.translator({ source: 'eng', target: 'cmn' })).id).toBe('nllb-200');
    expect((await byScore.translator({ source: 'eng', target: 'kor' })).id).toBe('nllb-200');
  });

  it('translates with the pair model, the target token first for multi-target models', async () => {
    const opus = await registries.mt.get('opus-mt');
    const spanish = await opus.translate(
      { text: 'Welcome back to the channel.' },
      { source: 'eng', target: 'spa' },
      {},
    );
    const chinese = await opus.translate(
      { text: 'Welcome back to the channel.' },
      { source: 'eng', target: 'cmn' },
      {},
    );
    expect(spanish.text).not.toBe('');
    expect(spanish).toMatchObject({ quality: 'full', route: 'eng→spa' });
    expect(chinese.text).not.toBe('');
    expect(chinese.route).toBe('eng→cmn');
    await expect(
      opus.translate({ text: 'Hello' }, { source: 'eng', target: 'spa' }, { signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(Cancelled);
  });
});
