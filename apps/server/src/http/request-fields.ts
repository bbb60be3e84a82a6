import {
  BadInput,
  TooLarge,
  LANGUAGE_CODES,
  isLanguageCode,
  quoteInput,
  speakerCount,
  type LanguageCode,
  type SourceLanguage,
  type VoiceMode,
} from '@voxlate/core';
import { RequestIds } from '../jobs/request-ids.js';
import { MAX_SUBTITLE_BYTES, SUBTITLES_TOO_LARGE } from '../uploads/receive-upload.js';

export const BACKENDS = ['cascaded'] as const;
export type Backend = (typeof BACKENDS)[number];

/** The spec's message for a missing language; an unknown code names the valid ones. */
export function targetLanguageFrom(value: unknown): LanguageCode {
  if (typeof value !== 'string' || value.trim() === '') throw new BadInput('Please select a target language');
  return languageCode(value.trim(), 'target_language');
}

/** The studio sends no source language: it is detected ('auto') when a Whisper model is installed. */
export function sourceLanguageFrom(value: unknown): SourceLanguage {
  if (typeof value !== 'string' || value.trim() === '' || value.trim() === 'auto') return 'auto';
  return languageCode(value.trim(), 'source_language');
}

/** The client's optional id for following a spec request's stages (/api/requests/{id}/events). */
export function requestIdFrom(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!RequestIds.isValid(value)) {
    throw new BadInput("request_id must be 8 to 64 letters, digits, '-' or '_' (a UUID fits).");
  }
  return value;
}

/** Subtitles sent as JSON text (the link flow): an SRT or WebVTT file's text, 2 MB at most. */
export function subtitlesFrom(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new BadInput('subtitles must be the text of an SRT or WebVTT file.');
  if (Buffer.byteLength(value) > MAX_SUBTITLE_BYTES) throw new TooLarge(SUBTITLES_TOO_LARGE);
  return value;
}

export function backendFrom(value: unknown): Backend {
  const backend = typeof value === 'string' && value !== '' ? value : 'cascaded';
  if (!(BACKENDS as readonly string[]).includes(backend)) {
    throw new BadInput(`Unknown backend ${quoteInput(backend)}. Valid backends: ${BACKENDS.join(', ')}.`);
  }
  return backend as Backend;
}

/** "true"/"false" as the studio sends them; anything else is refused rather than guessed. */
export function flagFrom(value: unknown, name: string): boolean {
  if (value === undefined || value === '') return false;
  if (value === 'true' || value === true) return true;
  if (value === 'false' || value === false) return false;
  const given = typeof value === 'string' ? value : (JSON.stringify(value) ?? typeof value);
  throw new BadInput(`${name} must be "true" or "false", got ${quoteInput(given)}.`);
}

/**
 * `use_voice_cloning` ("Preserve Voice": on unless "false", then a plain voice per speaker) and
 * the optional `speakers` (how many people speak, when the creator knows).
 */
export function voiceOptionsFrom(fields: Record<string, unknown>): { voice: VoiceMode; speakers?: number } {
  const cloning = fields['use_voice_cloning'];
  const voice: VoiceMode = cloning === undefined || flagFrom(cloning, 'use_voice_cloning') ? 'preserve' : 'neutral';
  const speakers = fields['speakers'];
  if (speakers === undefined || speakers === '') return { voice };
  return {
    voice,
    speakers: speakerCount(typeof speakers === 'string' ? speakers : JSON.stringify(speakers), 'speakers'),
  };
}

function languageCode(value: string, field: string): LanguageCode {
  if (!isLanguageCode(value)) {
    throw new BadInput(`Unknown ${field} ${quoteInput(value)}. Valid codes: ${LANGUAGE_CODES.join(', ')}.`);
  }
  return value;
}

/** Optional `asr_engine`, `mt_engine`, `tts_engine`, `diarise_engine` fields naming engines (unknown ids fail with the valid list). */
export function engineChoiceFrom(fields: Record<string, unknown>): {
  asr?: string;
  mt?: string;
  tts?: string;
  diarise?: string;
} {
  const pick = (name: string): string | undefined => {
    const value = fields[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const choice = {
    asr: pick('asr_engine'),
    mt: pick('mt_engine'),
    tts: pick('tts_engine'),
    diarise: pick('diarise_engine'),
  };
  return Object.fromEntries(Object.entries(choice).filter(([, id]) => id !== undefined));
}
