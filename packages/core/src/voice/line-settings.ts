import type { LineProsody, SpeakerVoice, VoiceMode, VoiceSettings } from './voice-types.js';

/** A relaxed speaking rate, syllables per second: what an engine's normal rate sounds like. */
const NORMAL_SYLLABLES_PER_SECOND = 4.5;
const RATE_LIMITS = [0.75, 1.35] as const;
/** The speaker's overall tempo is carried, but more gently than each line's swing around it. */
const SPEAKER_RATE_LIMITS = [0.85, 1.2] as const;
const LONGEST_PAUSE_SECONDS = 1;

/**
 * How one line is to be spoken: the speaker's voice, and with 'clone' or 'shaped' the line's own rate
 * (faster than the speaker's usual, faster dub) and its pauses at the same share of the line.
 */
export function lineSettings(
  speaker: SpeakerVoice,
  prosody: LineProsody | undefined,
  lineSeconds: number,
  targetText: string,
  mode: VoiceMode,
): VoiceSettings {
  if (mode === 'neutral' || !prosody) return speaker.voice;
  const settings: VoiceSettings = { ...speaker.voice, rate: lineRate(speaker, prosody) };
  const words = targetText.split(/\s+/).filter((word) => word !== '').length;
  const pauses = prosody.pauses.flatMap((pause) => {
    const afterWord = Math.round((pause.at / lineSeconds) * words) - 1;
    if (afterWord < 0 || afterWord > words - 2) return [];
    return [{ afterWord, seconds: Math.min(LONGEST_PAUSE_SECONDS, pause.seconds) }];
  });
  if (pauses.length > 0) settings.pauses = pauses;
  return settings;
}

function lineRate(speaker: SpeakerVoice, prosody: LineProsody): number {
  const line = prosody.syllablesPerSecond;
  const usual = speaker.syllablesPerSecond;
  if (line === undefined || usual === undefined) return 1;
  const overall = clamp(usual / NORMAL_SYLLABLES_PER_SECOND, SPEAKER_RATE_LIMITS);
  return Math.round(clamp((line / usual) * overall, RATE_LIMITS) * 100) / 100;
}

function clamp(value: number, [low, high]: readonly [number, number]): number {
  return Math.min(high, Math.max(low, value));
}
