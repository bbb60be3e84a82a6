import {
  median,
  voicedValues,
  type EngineContext,
  type PcmAudio,
  type ProsodyTrack,
  type ShapingPlan,
  type VoiceShaper,
} from '@voxlate/core';
import { EngineRegistry, type EngineRegistries } from '@voxlate/engines';
import { Dubber, configFromEnv } from '@voxlate/dubber';
import { englishDub, score, spanishSubtitles } from './voice-intelligibility.js';
import type { VoiceScene } from './voice-scenes.js';

/** Shaping with one of its parts left out, to find which part costs a listener. */
export type ShapingVariant = 'neutral' | 'shaped' | 'no contour' | 'no energy' | 'no timbre';

export function isShapingVariant(name: string): name is ShapingVariant {
  return (SHAPING_VARIANTS as readonly string[]).includes(name);
}

export const SHAPING_VARIANTS: readonly ShapingVariant[] = [
  'neutral',
  'shaped',
  'no contour',
  'no energy',
  'no timbre',
];

export interface ShapingCost {
  scene: string;
  variant: ShapingVariant;
  words: number;
  wer: number;
}

/**
 * What shaping costs the recogniser, part by part: each scene dubbed into English from its
 * Spanish subtitles, neutral, shaped, and shaped without its intonation contour (the voice only
 * moved to the line's level), without its level envelope, or without its timbre match.
 */
export async function shapingCost(
  registries: EngineRegistries,
  dir: string,
  scenes: (dir: string) => VoiceScene[],
  variants: readonly ShapingVariant[] = SHAPING_VARIANTS,
): Promise<ShapingCost[]> {
  const recogniser = await registries.asr.get('pocketsphinx');
  const plain = new Dubber({ ...configFromEnv(), tempRoot: dir }, registries);
  const costs: ShapingCost[] = [];
  for (const scene of scenes(dir)) {
    const subtitles = await spanishSubtitles(plain, scene.path, dir);
    for (const variant of variants) {
      const dubber = new Dubber({ ...configFromEnv(), tempRoot: dir }, withShaper(registries, variant));
      const mode = variant === 'neutral' ? 'neutral' : 'shaped';
      const { lines, heard } = await englishDub(dubber, recogniser, scene, subtitles, mode, dir);
      costs.push({ scene: scene.name, variant, ...score(lines, await heard('anull')) });
    }
  }
  return costs;
}

export function printShapingCost(costs: readonly ShapingCost[], title: string): void {
  console.log(`${title}: pocketsphinx WER of English dubs, by what shaping does`);
  for (const variant of SHAPING_VARIANTS) {
    if (!costs.some((cost) => cost.variant === variant)) continue;
    const mine = costs.filter((cost) => cost.variant === variant);
    const words = mine.reduce((sum, cost) => sum + cost.words, 0);
    const errors = mine.reduce((sum, cost) => sum + cost.wer * cost.words, 0);
    const scenes = mine.map((cost) => (100 * cost.wer).toFixed(0)).join(' ');
    console.log(
      `    ${variant.padEnd(11)} WER ${((100 * errors) / Math.max(1, words)).toFixed(1).padStart(5)} %  (${words} words; scenes ${scenes})`,
    );
  }
}

function withShaper(registries: EngineRegistries, variant: ShapingVariant): EngineRegistries {
  if (variant === 'neutral' || variant === 'shaped') return registries;
  const voice = new EngineRegistry<VoiceShaper>('voice shaping').register({
    id: 'psola',
    kind: 'offline',
    rank: 10,
    isInstalled: () => Promise.resolve(true),
    load: async () => new PartialShaper(await registries.voice.get('psola'), variant),
  });
  return { ...registries, voice };
}

/** The real shaper, its plan stripped of one part. */
class PartialShaper implements VoiceShaper {
  readonly id = 'psola';
  readonly kind = 'offline' as const;
  readonly name: string;
  readonly bandsHz: readonly number[];

  constructor(
    private readonly inner: VoiceShaper,
    private readonly variant: ShapingVariant,
  ) {
    this.name = `${inner.name}, ${variant}`;
    this.bandsHz = inner.bandsHz;
  }

  measure(audio: PcmAudio): ProsodyTrack {
    return this.inner.measure(audio);
  }

  spectrum(audio: PcmAudio, track: ProsodyTrack): Promise<number[]> {
    return this.inner.spectrum(audio, track);
  }

  formants(audio: PcmAudio, track: ProsodyTrack): number[] | undefined {
    return this.inner.formants(audio, track);
  }

  shape(audio: PcmAudio, own: ProsodyTrack, plan: ShapingPlan, context: EngineContext): Promise<PcmAudio> {
    return this.inner.shape(audio, own, this.stripped(own, plan), context);
  }

  private stripped(own: ProsodyTrack, plan: ShapingPlan): ShapingPlan {
    if (this.variant === 'no energy') {
      const { gainDb: _dropped, ...rest } = plan;
      return rest;
    }
    if (this.variant === 'no timbre') {
      const { spectrumDb: _dropped, ...rest } = plan;
      return rest;
    }
    // No contour: the voice's own intonation, moved to the plan's level.
    const ratio = median(voicedValues(plan.f0Hz)) / median(voicedValues(own.f0Hz));
    return { ...plan, f0Hz: own.f0Hz.map((f0) => f0 * ratio) };
  }
}
