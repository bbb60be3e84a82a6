import type { LanguageCode } from '@voxlate/core';
import type { Dubber } from '@voxlate/runtime';
import { treeRss } from './rss-sampler.js';

const SENTENCES = [
  'Welcome back to the channel, today we are cooking a simple dinner.',
  'First, cut the onions and the garlic into small pieces.',
  'Then heat the oil in a large pan and add the vegetables.',
];

/**
 * Speed and memory of each installed neural voice (real downloaded models only: the tiny
 * test models live in temporary folders and are never measured here).
 */
export async function reportNeuralEngines(dubber: Dubber): Promise<string[]> {
  const registry = dubber.resolver.registries.tts;
  const neural = (await registry.describe()).filter((entry) => entry.kind === 'neural' && entry.installed);
  if (neural.length === 0) return ['neural engines: none installed (npm run models -- add small)'];
  const lines: string[] = [];
  for (const entry of neural) {
    const engine = await registry.get(entry.id);
    for (const language of engine.languages as LanguageCode[]) {
      let audioSeconds = 0;
      const started = performance.now();
      for (const sentence of SENTENCES) {
        const speech = await engine.synthesise(sentence, language, {});
        audioSeconds += speech.audio.samples.length / speech.audio.sampleRate;
      }
      const seconds = (performance.now() - started) / 1000;
      lines.push(
        `neural ${entry.id} ${language}: RTF ${(seconds / audioSeconds).toFixed(3)} ` +
          `(${seconds.toFixed(2)} s for ${audioSeconds.toFixed(1)} s of speech, first call includes loading), ` +
          `RSS ${Math.round(treeRss(process.pid) / 1e6)} MB`,
      );
    }
  }
  return lines;
}
