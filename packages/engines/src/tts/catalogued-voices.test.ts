import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLanguageCode, type LanguageCode } from '@voxlate/core';
import { CATALOG, ModelManager, type CatalogModel } from '@voxlate/models';
import { writeTinyKokoro, writeTinyPiper, writeTinyVits } from '@voxlate/tiny-models';
import { defaultRegistries } from '../neural-registries.js';
import { ESPEAK_VOICES } from './espeak/espeak-voices.js';
import { RegistryResolver } from '../registry-resolver.js';

/**
 * Every voice of the catalog speaks its language's own script: each is installed as a tiny model
 * shaped like its published export (the alphabet its tokenizer keeps, uroman for Korean, the
 * eSpeak voice Piper names) and must turn a sentence in that script into audio. Catches a voice
 * that cannot read its language (Hangul into a Latin-only alphabet), not how it sounds.
 */
const SENTENCES: Record<LanguageCode, string> = {
  eng: 'Welcome back to the channel.',
  cmn: '欢迎回到我的频道。',
  yue: '歡迎返嚟我嘅頻道。',
  jpn: '私のチャンネルへようこそ。',
  kor: '제 채널에 다시 오신 것을 환영합니다.',
  fra: 'Bienvenue sur ma chaîne, ça va ?',
  spa: 'Bienvenidos de nuevo al canal, señoras.',
  deu: 'Willkommen zurück auf meinem Kanal.',
  ita: 'Bentornati sul mio canale.',
  rus: 'С возвращением на мой канал.',
  ell: 'Καλώς ήρθατε ξανά στο κανάλι μου.',
};

/** What each MMS-TTS export keeps of its language's letters beyond a-z. */
const MMS_LETTERS: Partial<Record<LanguageCode, string>> = {
  fra: 'àâæçéèêëîïôœùûüÿ',
  spa: 'áéíñóúü',
  deu: 'äöüß',
  rus: 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя',
};

const root = mkdtempSync(join(tmpdir(), 'voxlate-catalogued-voices-'));
const manager = new ModelManager({ root, hubBase: 'http://127.0.0.1:9', offline: true });
const resolver = new RegistryResolver(defaultRegistries(manager));
const voices = CATALOG.filter((model) => model.task === 'tts');

beforeAll(async () => {
  for (const model of voices) {
    await install(model);
    await manager.adopt(model.id);
  }
});
afterAll(async () => {
  await resolver.close();
  rmSync(root, { recursive: true, force: true });
});

async function install(model: CatalogModel): Promise<void> {
  const folder = manager.folderOf(model);
  const language = languageOf(model);
  if (model.id.startsWith('mms-tts-')) {
    await writeTinyVits(folder, language === 'kor' ? { uroman: true } : { extraLetters: MMS_LETTERS[language] ?? '' });
  } else if (model.id.startsWith('piper-')) {
    const onnx = model.files.find((file) => file.endsWith('.onnx'))!;
    await writeTinyPiper(folder, {
      espeakVoice: ESPEAK_VOICES[language],
      modelFile: onnx,
      sampleRate: onnx.endsWith('-low.onnx') ? 16000 : 22050,
    });
  } else if (model.id === 'kokoro-eng') {
    await writeTinyKokoro(folder, ['af_heart']);
  } else {
    throw new Error(`No tiny stand-in for the voice ${model.id}: add one here.`);
  }
}

function languageOf(model: CatalogModel): LanguageCode {
  const code = model.id.split('-').at(-1)!;
  if (!isLanguageCode(code)) throw new Error(`${model.id} names no language`);
  return code;
}

const engineOf = (model: CatalogModel): string =>
  model.id.startsWith('mms-tts-') ? 'mms-tts' : model.id.split('-')[0]!;

describe.each(voices.map((model) => [model.id, model] as const))('catalogued voice %s', (_, model) => {
  it('speaks a sentence written in its language', async () => {
    const language = languageOf(model);
    const voice = await resolver.synthesiser(language, engineOf(model));
    const speech = await voice.synthesise(SENTENCES[language], language, {});
    expect(speech.audio.samples.length / speech.audio.sampleRate).toBeGreaterThan(0.1);
  });
});
