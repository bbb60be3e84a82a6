import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelManager, PYANNOTE_SEGMENTATION, SPEAKER_EMBEDDING, catalogModel } from '@voxlate/models';
import {
  writeTinyMdx,
  writeTinyNllb,
  writeTinyPyannote,
  writeTinySpeakerEmbedding,
  writeTinyVits,
  writeTinyWhisper,
} from '@voxlate/tiny-models';
import { makeSpeechWav, makeVideo } from '../../../packages/dubber/src/test/make-media.js';
import { form, startService, type RunningService } from './test/service-process.js';

/**
 * The service with neural models installed in its models folder (tiny random-weight ones
 * written by the repo): it uses them with no code change and says so. No quality is measured.
 */
const models = mkdtempSync(join(tmpdir(), 'voxlate-service-models-'));
const media = mkdtempSync(join(tmpdir(), 'voxlate-neural-service-'));
let service: RunningService;
let speech = '';

beforeAll(async () => {
  const manager = new ModelManager({ root: models, hubBase: 'http://127.0.0.1:9', offline: true });
  const folder = (id: string): string => join(models, catalogModel(id)!.repo);
  await writeTinyWhisper(folder('whisper-base'));
  await writeTinyNllb(folder('nllb-200-distilled-600M'));
  await writeTinyVits(folder('mms-tts-spa'));
  await writeTinyMdx(join(folder('mdx-kim-vocal-2'), 'Kim_Vocal_2.onnx'));
  await writeTinyPyannote(join(folder(PYANNOTE_SEGMENTATION.id), PYANNOTE_SEGMENTATION.files[0]!));
  await writeTinySpeakerEmbedding(join(folder(SPEAKER_EMBEDDING.id), SPEAKER_EMBEDDING.files[0]!));
  const installed = ['whisper-base', 'nllb-200-distilled-600M', 'mms-tts-spa', 'mdx-kim-vocal-2'];
  for (const id of [...installed, PYANNOTE_SEGMENTATION.id, SPEAKER_EMBEDDING.id]) await manager.adopt(id);
  speech = await makeSpeechWav(media, ['Welcome back to the channel.']);
  service = await startService({ VOXLATE_MODELS_DIR: models, VOXLATE_OFFLINE: '1' });
});
afterAll(async () => {
  await service.stop();
  for (const folder of [models, media]) rmSync(folder, { recursive: true, force: true });
});

interface LanguageEntry {
  code: string;
  stages: {
    recognition: string[];
    detection: string[];
    translation_from_english: { engine: string; quality: string } | null;
    synthesis: string[];
  };
}

describe('the service with neural models installed', () => {
  it('lists them per language and as installed engines', async () => {
    const languages = (await (await fetch(`${service.url}/api/languages`)).json()) as LanguageEntry[];
    const stages = (code: string): LanguageEntry['stages'] => languages.find((l) => l.code === code)!.stages;
    expect(stages('eng').recognition).toEqual(['whisper-base', 'pocketsphinx']);
    expect(stages('jpn').detection).toEqual(['whisper-base']);
    expect(stages('yue').detection).toEqual([]);
    expect(stages('kor').translation_from_english).toEqual({ engine: 'nllb-200', quality: 'full' });
    expect(stages('spa').synthesis[0]).toBe('mms-tts');
    const engines = (await (await fetch(`${service.url}/api/engines`)).json()) as Record<
      string,
      { id: string; installed: boolean }[]
    >;
    expect(engines['asr']).toContainEqual({ id: 'whisper-base', kind: 'neural', installed: true });
    expect(engines['asr']).toContainEqual({ id: 'whisper-small', kind: 'neural', installed: false });
    expect(engines['separate']).toEqual([{ id: 'mdx-kim-vocal-2', kind: 'neural', installed: true }]);
    expect(engines['diarise']).toContainEqual({ id: 'pyannote', kind: 'neural', installed: true });
    expect(engines['diarise']).toContainEqual({ id: 'bic-clustering', kind: 'offline', installed: true });
  });

  it('detects the source language when none is given and records the engines per segment', async () => {
    const response = await fetch(`${service.url}/translate`, {
      method: 'POST',
      body: await form({ target_language: 'yue', backend: 'cascaded' }, { file: speech }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      source_language: string;
      segments: { engines: Record<string, string>; route: string }[];
      warnings: string[];
      background: unknown;
      diariser: string;
    };
    // The voice was separated out of the original: the dub sits over the background at full level.
    expect(body.background).toEqual({ method: 'separated', engine: 'mdx-kim-vocal-2' });
    expect(body.diariser).toBe('pyannote');
    expect(body.source_language).not.toBe('yue');
    expect(body.warnings.join(' ')).not.toMatch(/not detected/);
    expect(body.segments.length).toBeGreaterThan(0);
    for (const segment of body.segments) {
      expect(segment.engines).toMatchObject({ asr: 'whisper-base', mt: 'nllb-200' });
      expect(segment.route).toBe(`${body.source_language}→yue`);
    }
  });

  it('refuses a named engine that is not installed, naming the installed ones', async () => {
    const response = await fetch(`${service.url}/translate`, {
      method: 'POST',
      body: await form({ target_language: 'spa', backend: 'cascaded', asr_engine: 'whisper-small' }, { file: speech }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(
      /"whisper-small" is not installed.*Installed: .*whisper-base/,
    );
  });

  it('streams the separation phase of a video dub', async () => {
    const video = makeVideo(media, speech);
    const response = await fetch(`${service.url}/process-video`, {
      method: 'POST',
      body: await form({ target_language: 'spa', backend: 'cascaded' }, { video }),
    });
    const events = (await response.text())
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice(6)) as { phase?: string; background?: unknown });
    expect(events.map((event) => event.phase)).toContain('Separating voice from background');
    expect(events.at(-1)).toMatchObject({ phase: 'Done', background: { method: 'separated' } });
  });
});
