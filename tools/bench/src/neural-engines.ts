import type { LanguageCode } from '@voxlate/core';
import type { EngineRegistries } from '@voxlate/engines';
import type { Dubber } from '@voxlate/dubber';
import { evaluateRecognisers } from './eval-recognition.js';
import { treeRss } from './rss-sampler.js';

const SENTENCES = [
  'Welcome back to the channel, today we are cooking a simple dinner.',
  'First, cut the onions and the garlic into small pieces.',
  'Then heat the oil in a large pan and add the vegetables.',
];

const mb = (): string => `${Math.round(treeRss(process.pid) / 1e6)} MB`;

async function neuralIds(registry: { describe(): Promise<{ id: string; kind: string; installed: boolean }[]> }) {
  return (await registry.describe()).filter((entry) => entry.kind === 'neural' && entry.installed).map((e) => e.id);
}

/**
 * Speed and memory of each installed neural engine (real downloaded models only: the tiny
 * test models live in temporary folders and are never measured here).
 */
export async function reportNeuralEngines(dubber: Dubber): Promise<string[]> {
  const registries = dubber.resolver.registries;
  const lines = [
    ...(await reportRecognisers(registries)),
    ...(await reportTranslators(registries)),
    ...(await reportVoices(registries)),
  ];
  return lines.length > 0 ? lines : ['neural engines: none installed (npm run models -- add small)'];
}

async function reportRecognisers(registries: EngineRegistries): Promise<string[]> {
  const neural = await neuralIds(registries.asr);
  if (neural.length === 0) return [];
  const scores = await evaluateRecognisers(registries);
  return scores
    .filter((score) => neural.includes(score.engine))
    .map((score) => `neural ${score.engine} eng: RTF ${score.rtf.toFixed(3)} on the librivox clips, RSS ${mb()}`);
}

async function reportTranslators(registries: EngineRegistries): Promise<string[]> {
  const lines: string[] = [];
  for (const id of await neuralIds(registries.mt)) {
    const translator = await registries.mt.get(id);
    for (const target of ['spa', 'cmn'] as const) {
      await translator.translate({ text: 'Hello.' }, { source: 'eng', target }, {}); // load before timing
      const started = performance.now();
      let previous: { text: string; translation: string } | undefined;
      for (const text of SENTENCES) {
        const request = previous
          ? { text, previous: previous.text, previousTranslation: previous.translation }
          : { text };
        const { text: translation } = await translator.translate(request, { source: 'eng', target }, {});
        previous = { text, translation };
      }
      const perSentence = (performance.now() - started) / 1000 / SENTENCES.length;
      lines.push(`neural ${id} eng->${target}: ${perSentence.toFixed(2)} s per sentence, RSS ${mb()}`);
    }
  }
  return lines;
}

async function reportVoices(registries: EngineRegistries): Promise<string[]> {
  const lines: string[] = [];
  for (const id of await neuralIds(registries.tts)) {
    const engine = await registries.tts.get(id);
    for (const language of engine.languages as LanguageCode[]) {
      let audioSeconds = 0;
      const started = performance.now();
      for (const sentence of SENTENCES) {
        const speech = await engine.synthesise(sentence, language, {});
        audioSeconds += speech.audio.samples.length / speech.audio.sampleRate;
      }
      const seconds = (performance.now() - started) / 1000;
      lines.push(
        `neural ${id} ${language}: RTF ${(seconds / audioSeconds).toFixed(3)} ` +
          `(${seconds.toFixed(2)} s for ${audioSeconds.toFixed(1)} s of speech, first call includes loading), RSS ${mb()}`,
      );
    }
  }
  return lines;
}
