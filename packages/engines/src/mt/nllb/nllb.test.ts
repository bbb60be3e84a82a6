import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cancelled, estimateSpeechSeconds, type LanguagePair } from '@voxlate/core';
import { ModelManager, catalogModel } from '@voxlate/models';
import { writeTinyNllb } from '@voxlate/tiny-models';
import { defaultRegistries } from '../../neural-registries.js';
import { RegistryResolver } from '../../registry-resolver.js';

/**
 * The NLLB engine on a tiny random-weight model written by the repo (its "translations" are
 * random characters): language codes, context, length-aware variants and cancellation run
 * through the production code. Nothing here measures translation quality.
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-tiny-nllb-'));
const manager = new ModelManager({ root, hubBase: 'http://127.0.0.1:9', offline: true });
const resolver = new RegistryResolver(defaultRegistries(manager));
const engToFra: LanguagePair = { source: 'eng', target: 'fra' };
const SENTENCE = 'Today we are going to cook a simple dinner for four people.';

beforeAll(async () => {
  await writeTinyNllb(join(root, catalogModel('nllb-200-distilled-600M')!.repo));
  await manager.adopt('nllb-200-distilled-600M');
});
afterAll(async () => {
  await resolver.close();
  rmSync(root, { recursive: true, force: true });
});

describe('NLLB-200 on a tiny model', () => {
  it('outranks Apertium and the dictionary gist for every pair once installed', async () => {
    expect((await resolver.translator({ source: 'eng', target: 'spa' })).id).toBe('nllb-200');
    expect((await resolver.translator({ source: 'eng', target: 'kor' })).id).toBe('nllb-200');
    expect((await resolver.translator({ source: 'jpn', target: 'yue' })).id).toBe('nllb-200');
    expect((await resolver.translator({ source: 'eng', target: 'spa' }, 'apertium')).id).toBe('apertium');
    const nllb = await resolver.translator(engToFra);
    expect(nllb.qualityFor({ source: 'yue', target: 'ell' })).toBe('full');
    expect(nllb.qualityFor({ source: 'fra', target: 'fra' })).toBeUndefined();
  });

  it('forces the target language token and decodes the same input the same way', async () => {
    const nllb = await resolver.translator(engToFra);
    const french = await nllb.translate({ text: SENTENCE }, engToFra, {});
    const again = await nllb.translate({ text: SENTENCE }, engToFra, {});
    const japanese = await nllb.translate({ text: SENTENCE }, { source: 'eng', target: 'jpn' }, {});
    expect(french.text).not.toBe('');
    expect(french).toEqual(again);
    expect(french).toMatchObject({ quality: 'full', route: 'eng→fra' });
    expect(japanese.text).not.toBe(french.text);
    expect(japanese.route).toBe('eng→jpn');
    expect((await nllb.translate({ text: '  ' }, engToFra, {})).text).toBe('');
  });

  it('continues the previous translation instead of repeating it', async () => {
    const nllb = await resolver.translator(engToFra);
    const previous = await nllb.translate({ text: 'Welcome back to the channel.' }, engToFra, {});
    const alone = await nllb.translate({ text: SENTENCE }, engToFra, {});
    const inContext = await nllb.translate(
      { text: SENTENCE, previous: 'Welcome back to the channel.', previousTranslation: previous.text },
      engToFra,
      {},
    );
    expect(inContext.text).not.toBe('');
    expect(inContext.text).not.toBe(alone.text);
    expect(inContext.text.startsWith(previous.text)).toBe(false);
  });

  it('picks a shorter variant when the first translation would overflow its slot', async () => {
    const nllb = await resolver.translator(engToFra);
    const roomy = await nllb.translate({ text: SENTENCE, maxSeconds: 60 }, engToFra, {});
    expect(roomy.shortened).toBeUndefined();
    const firstSeconds = estimateSpeechSeconds(roomy.text, 'fra');
    const tight = await nllb.translate({ text: SENTENCE, maxSeconds: firstSeconds * 0.9 }, engToFra, {});
    expect(tight.shortened).toBe(true);
    expect(estimateSpeechSeconds(tight.text, 'fra')).toBeLessThan(firstSeconds);
    expect(tight.text).not.toBe('');
  });

  it('stops when cancelled', async () => {
    const nllb = await resolver.translator(engToFra);
    await expect(nllb.translate({ text: SENTENCE }, engToFra, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      Cancelled,
    );
  });
});
