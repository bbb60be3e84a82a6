import type { TObject, TProperties } from 'typebox';
import { check, normaliseFields, type FormBody } from '@voxlate/contract';
import {
  BadInput,
  type ChoicesGiven,
  type EngineIds,
  type LanguageCode,
  type SourceLanguage,
  type VoiceMode,
} from '@voxlate/core';
import { fieldWithinLimit } from './field-limits.js';
import type { ReceivedUpload } from './receive-upload.js';

/** What a dub request asks for, read from its fields (a form's or the link flow's JSON). */
export interface DubAsked {
  targetLanguage: LanguageCode;
  /** Every language asked for when several were (`target_languages`), the first being targetLanguage. */
  targetLanguages?: LanguageCode[];
  sourceLanguage: SourceLanguage;
  /** SRT or WebVTT text used as the source instead of speech recognition. */
  transcript?: string;
  choices: ChoicesGiven;
  engines: EngineIds;
  /** The client's id for following the request's stages. */
  requestId?: string;
  /** A link to fetch the media from (the jobs API and the link flow). */
  url?: string;
  /** The glossary to translate with (checked to exist when the job is made). */
  glossaryId?: string;
}

/** The fields as the contract names them; every one optional here (the schema says which are required). */
type Fields = Partial<Record<string, string>>;

/**
 * Checks a form's text fields against the contract (refused with the words the contract gives
 * the field, after `normaliseFields`: trimmed, empty ones not sent) and reads what they ask for.
 */
export function readForm<F extends TProperties>(form: FormBody<F>, fields: Record<string, string>): DubAsked {
  return askedBy(checked(form.fields, normaliseFields(fields)), takesSeveral(form.fields));
}

/** An upload's form: its fields, and its subtitles whether sent as a file part or a field. */
export function readUploadForm<F extends TProperties>(form: FormBody<F>, upload: ReceivedUpload): DubAsked {
  return readForm(form, {
    ...upload.fields,
    ...(upload.subtitles === undefined ? {} : { subtitles: upload.subtitles }),
  });
}

/** Fields that hold a number or a flag: JSON may give them as such (`3`, `true`), a form as text. */
const SCALAR_FIELDS: ReadonlySet<string> = new Set([
  'speakers',
  'tempo_cap',
  'start',
  'end',
  'use_voice_cloning',
  'bilingual_subtitles',
  'apply_lip_sync',
  'burn_subtitles',
]);

/** The link flow's JSON body, checked against its schema, as what it asks for. */
export function readJsonBody(schema: TObject, body: unknown): DubAsked {
  // The same limits as a form's fields (a 70 KB link is refused for its size, not fetched).
  if (typeof body === 'object' && body !== null) {
    for (const [name, value] of Object.entries(body)) if (typeof value === 'string') fieldWithinLimit(name, value);
  }
  return askedBy(checked(schema, normaliseFields(scalarsAsText(body))), takesSeveral(schema));
}

/** A JSON number or flag in a field that holds one, as the text a form would send (`3` as "3"). */
function scalarsAsText(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => {
      const scalar = (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean';
      return [name, scalar && SCALAR_FIELDS.has(name) ? String(value) : value];
    }),
  );
}

/** Whether the request's schema takes several target languages (the jobs API) or one. */
function takesSeveral(schema: TObject): boolean {
  return 'target_languages' in schema.properties;
}

function checked(schema: TObject, fields: unknown): Fields {
  const result = check(schema, fields);
  if (!result.ok) throw new BadInput(result.message);
  return result.value as Fields;
}

function askedBy(fields: Fields, several: boolean): DubAsked {
  return {
    ...targetsOf(fields, several),
    sourceLanguage: (fields['source_language'] ?? 'auto') as SourceLanguage,
    ...(fields['subtitles'] === undefined ? {} : { transcript: fields['subtitles'] }),
    choices: choicesOf(fields),
    engines: enginesOf(fields),
    ...(fields['request_id'] === undefined ? {} : { requestId: fields['request_id'] }),
    ...(fields['url'] === undefined ? {} : { url: fields['url'] }),
    ...(fields['glossary_id'] === undefined ? {} : { glossaryId: fields['glossary_id'] }),
  };
}

/**
 * `target_language`, or `target_languages` where the endpoint makes a job per language: none
 * twice. An endpoint that answers with one dub refuses several, never drops them.
 */
function targetsOf(fields: Fields, several: boolean): Pick<DubAsked, 'targetLanguage' | 'targetLanguages'> {
  const one = fields['target_language'] as LanguageCode | undefined;
  const list = fields['target_languages'];
  if (list === undefined) {
    if (one === undefined) throw new BadInput('Please select a target language');
    return { targetLanguage: one };
  }
  if (!several) {
    throw new BadInput(
      'This endpoint dubs into one language: send target_language. For several at once, POST /api/jobs takes target_languages.',
    );
  }
  if (one !== undefined) throw new BadInput('Send target_language or target_languages, not both.');
  // Known codes only: the schema's pattern has checked that.
  const codes = list.split(',').map((code) => code.trim());
  const seen = new Set<string>();
  for (const code of codes) {
    if (seen.has(code)) throw new BadInput(`target_languages names ${code} twice.`);
    seen.add(code);
  }
  const targets = codes as LanguageCode[];
  return { targetLanguage: targets[0]!, ...(targets.length > 1 ? { targetLanguages: targets } : {}) };
}

/**
 * Preserve Voice (cloning, shaped where nothing clones the language) stays on unless
 * `use_voice_cloning` is "false"; `voice` names the mode outright. Picture choices are off unless "true".
 */
function choicesOf(fields: Fields): ChoicesGiven {
  const speakers = fields['speakers'];
  const tempoCap = fields['tempo_cap'];
  const [start, end] = [fields['start'], fields['end']];
  const part = {
    ...(start === undefined ? {} : { start: Number(start) }),
    ...(end === undefined ? {} : { end: Number(end) }),
  };
  return {
    voice: {
      mode:
        (fields['voice'] as VoiceMode | undefined) ?? (fields['use_voice_cloning'] === 'false' ? 'neutral' : 'clone'),
      ...(speakers === undefined ? {} : { speakers: Number(speakers) }),
    },
    ...(tempoCap === undefined && start === undefined && end === undefined
      ? {}
      : {
          timing: {
            ...(tempoCap === undefined ? {} : { tempoCap: Number(tempoCap) }),
            ...(start === undefined && end === undefined ? {} : { part }),
          },
        }),
    lipSync: fields['apply_lip_sync'] === 'true',
    originalSpeech: fields['original_speech'] === 'remove' ? 'remove' : 'duck',
    subtitles: { burnIn: fields['burn_subtitles'] === 'true', bilingual: fields['bilingual_subtitles'] === 'true' },
  };
}

/** `asr_engine`, `mt_engine`, `tts_engine`, `diarise_engine` name engines (an unknown id fails later with the valid list). */
function enginesOf(fields: Fields): EngineIds {
  const named: [keyof EngineIds, string | undefined][] = [
    ['asr', fields['asr_engine']],
    ['mt', fields['mt_engine']],
    ['tts', fields['tts_engine']],
    ['clone', fields['clone_engine']],
    ['diarise', fields['diarise_engine']],
  ];
  return Object.fromEntries(named.filter(([, id]) => id !== undefined));
}
