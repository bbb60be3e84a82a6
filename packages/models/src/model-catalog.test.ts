import { describe, expect, it } from 'vitest';
import { toolCode, type LanguageCode } from '@voxlate/core';
import { CATALOG, OPUS_MT_PAIRS, PIPER_VOICES, PRESETS } from './model-catalog.js';
import { PUBLISHED_LAYOUTS } from './published-layouts.js';

describe('the model catalog', () => {
  it.each(CATALOG.map((model) => [model.id, model] as const))('%s names a published repo and files', (_, model) => {
    const published = PUBLISHED_LAYOUTS[model.repo];
    expect(published, `${model.repo} is not in published-layouts.ts`).toBeDefined();
    for (const file of model.files) expect(published, `${model.repo} publishes no ${file}`).toContain(file);
    // The branch, or a commit where the files were checked (a repo that is still changing).
    expect(model.revision).toMatch(/^(main|[0-9a-f]{40})$/);
  });

  it('names each kind of repo the way its publisher does', () => {
    for (const model of CATALOG) {
      const whisper = /^whisper-(.+)$/.exec(model.id);
      if (whisper) expect(model.repo).toBe(`onnx-community/whisper-${whisper[1]}_timestamped`);
      const mms = /^mms-tts-(.+)$/.exec(model.id);
      if (mms) expect(model.repo).toBe(`Xenova/mms-tts-${mms[1]}`);
      const piper = /^piper-(.+)$/.exec(model.id);
      if (piper) {
        const voice = PIPER_VOICES[piper[1]!]!;
        expect(model.repo).toBe(`csukuangfj/vits-piper-${voice}`);
        expect(voice.slice(0, 2)).toBe(toolCode(piper[1] as LanguageCode));
        expect(model.files).toContain(`${voice}.onnx`);
      }
    }
    for (const pair of OPUS_MT_PAIRS)
      expect(pair.repo).toBe(
        `Xenova/opus-mt-${toolCode(pair.source as LanguageCode)}-${toolCode(pair.target as LanguageCode)}`,
      );
  });

  it('has unique ids, and presets made of them', () => {
    const ids = CATALOG.map((model) => model.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [preset, members] of Object.entries(PRESETS))
      for (const id of members) expect(ids, `preset ${preset}`).toContain(id);
  });

  it('offers no Greek MMS voice (none is published; Greek speaks through Piper)', () => {
    expect(CATALOG.map((model) => model.id)).not.toContain('mms-tts-ell');
    expect(CATALOG.map((model) => model.id)).toContain('piper-ell');
  });
});
