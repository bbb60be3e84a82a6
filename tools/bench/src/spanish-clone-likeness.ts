import { join } from 'node:path';
import { DEFAULT_MIX, type VoiceMode } from '@voxlate/core';
import { loadSpeakerVerifier, type EngineRegistries } from '@voxlate/engines';
import type { ModelManager } from '@voxlate/models';
import { Dubber, configFromEnv } from '@voxlate/dubber';
import { mean } from './voice-metrics.js';
import { likeness, speakerVoices } from './voice-intelligibility.js';
import { voiceScenes } from './voice-scenes.js';

/** How like its speakers a Spanish dub sounds, per voice mode, with the engine that cloned it. */
export interface SpanishLikeness {
  cloner: string;
  byMode: Record<VoiceMode, { own: number; others: number }>;
}

/**
 * The same scenes dubbed into Spanish (recognised, translated and spoken by the pipeline) in the
 * neutral, shaped and cloned voices: speaker similarity for the engine that clones the languages
 * other than English (Chatterbox), against the same baselines. No WER: no Spanish recogniser is
 * installed here. Undefined without a Spanish cloner or the CAM++ model.
 */
export async function spanishCloneLikeness(
  registries: EngineRegistries,
  manager: ModelManager,
  dir: string,
): Promise<SpanishLikeness | undefined> {
  const dubber = new Dubber({ ...configFromEnv(), tempRoot: dir }, registries);
  const cloner = await dubber.resolver.voiceCloner('spa');
  const verifier = await loadSpeakerVerifier(manager);
  if (!cloner || !verifier) return undefined;
  const rows: { mode: VoiceMode; own: number; others?: number }[] = [];
  for (const scene of voiceScenes(dir)) {
    const speakers = speakerVoices(verifier, scene);
    for (const mode of ['neutral', 'shaped', 'clone'] as const) {
      const output = join(dir, `spanish-${mode}.wav`);
      const run = await dubber.dub({
        input: scene.path,
        output,
        sourceLanguage: 'eng',
        targetLanguage: 'spa',
        choices: { voice: { mode } },
        options: { separation: 'off', mix: { ...DEFAULT_MIX, duckDb: 90 } },
      });
      rows.push({ mode, ...likeness(verifier, scene, speakers, run.timeline.segments, output) });
    }
  }
  const of = (mode: VoiceMode): { own: number; others: number } => {
    const mine = rows.filter((row) => row.mode === mode);
    return {
      own: mean(mine.map((row) => row.own)),
      others: mean(mine.flatMap((row) => (row.others === undefined ? [] : [row.others]))),
    };
  };
  return { cloner: cloner.id, byMode: { neutral: of('neutral'), shaped: of('shaped'), clone: of('clone') } };
}

export function printSpanishLikeness(figures: SpanishLikeness | undefined): void {
  if (!figures) {
    console.log('Spanish dubs: no Spanish cloner or no CAM++ model installed (npm run models -- add voice)');
    return;
  }
  const { neutral, shaped, clone } = figures.byMode;
  const num = (value: number): string => (Number.isFinite(value) ? value.toFixed(2) : 'n/a');
  console.log(
    `speaker similarity of Spanish dubs (cloned by ${figures.cloner}): neutral ${num(neutral.own)}, shaped ` +
      `${num(shaped.own)}, clone ${num(clone.own)}; bad case, a cloned line to the other speaker: ${num(clone.others)}`,
  );
}
