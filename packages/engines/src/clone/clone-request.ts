import {
  EngineUnavailable,
  type CloneControls,
  type LanguageCode,
  type VoiceCloner,
  type VoiceReference,
} from '@voxlate/core';

/**
 * What every cloner refuses before it loads anything: a language it does not speak, and a
 * reference too short to carry a voice (a longer one is cut by the engine itself).
 */
export function checkCloneRequest(
  cloner: Pick<VoiceCloner, 'name' | 'languages' | 'referenceSeconds'>,
  language: LanguageCode,
  reference: VoiceReference,
): void {
  if (!cloner.languages.includes(language)) {
    throw new EngineUnavailable(
      `${cloner.name} does not speak ${language} (it speaks ${cloner.languages.join(', ')}).`,
    );
  }
  const seconds = reference.audio.samples.length / reference.audio.sampleRate;
  if (seconds < cloner.referenceSeconds.min) {
    throw new EngineUnavailable(
      `${cloner.name} needs at least ${cloner.referenceSeconds.min} s of the speaker's voice; ` +
        `the reference has ${seconds.toFixed(1)} s.`,
    );
  }
}

/** An engine setting between its value for a flat line and for the most expressive one, by the line's expressiveness (0.5 when unknown). */
export function byExpressiveness(range: { flat: number; expressive: number }, controls: CloneControls): number {
  const expressiveness = Math.min(1, Math.max(0, controls.expressiveness ?? 0.5));
  return range.flat + (range.expressive - range.flat) * expressiveness;
}
