import type { LanguageCode } from '../languages.js';
import { usualRateOf } from './syllables.js';
import type { LineProsody, SpeakerVoice, VoiceMode, VoiceSettings } from './voice-types.js';

/**
 * A relaxed speaking rate of English, syllables per second (as `countSyllables` counts them):
 * what an engine's normal rate sounds like. Other languages' are this times their usual rate
 * over English's (`usualRateOf`): a Spanish speaker at 5.7 syllables a second is at a relaxed
 * pace, not a fast one. Judged against English's alone, every Spanish speaker was "fast" and
 * their English dub spoken up to 20 % faster, which cost the recogniser 9 points of WER on real
 * Spanish speech (issue 59).
 */
const NORMAL_SYLLABLES_PER_SECOND = 4.5;
const RATE_LIMITS = [0.75, 1.35] as const;
/** The speaker's overall tempo is carried, but more gently than each line's swing around it. */
const SPEAKER_RATE_LIMITS = [0.85, 1.2] as const;
const LONGEST_PAUSE_SECONDS = 1;

/**
 * How one line is to be spoken: the speaker's voice, and with 'clone' or 'shaped' the line's own rate
 * (faster than the speaker's usual, faster dub) and its pauses at the same share of the line.
 * The rates are counted in the source language's syllables (`sourceLanguage`).
 */
export function lineSettings(
  speaker: SpeakerVoice,
  prosody: LineProsody | undefined,
  lineSeconds: number,
  targetText: string,
  mode: VoiceMode,
  sourceLanguage: LanguageCode,
): VoiceSettings {
  if (mode === 'neutral' || !prosody) return speaker.voice;
  const settings: VoiceSettings = { ...speaker.voice, rate: lineRate(speaker, prosody, sourceLanguage) };
  const words = targetText.split(/\s+/).filter((word) => word !== '').length;
  const pauses = prosody.pauses.flatMap((pause) => {
    const afterWord = Math.round((pause.at / lineSeconds) * words) - 1;
    if (afterWord < 0 || afterWord > words - 2) return [];
    return [{ afterWord, seconds: Math.min(LONGEST_PAUSE_SECONDS, pause.seconds) }];
  });
  if (pauses.length > 0) settings.pauses = pauses;
  return settings;
}

function lineRate(speaker: SpeakerVoice, prosody: LineProsody, sourceLanguage: LanguageCode): number {
  const line = prosody.syllablesPerSecond;
  const usual = speaker.syllablesPerSecond;
  if (line === undefined || usual === undefined) return 1;
  const normal = NORMAL_SYLLABLES_PER_SECOND * usualRateOf(sourceLanguage);
  const overall = clamp(usual / normal, SPEAKER_RATE_LIMITS);
  return Math.round(clamp((line / usual) * overall, RATE_LIMITS) * 100) / 100;
}

function clamp(value: number, [low, high]: readonly [number, number]): number {
  return Math.min(high, Math.max(low, value));
}
