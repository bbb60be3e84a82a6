import type { TObject, TProperties } from 'typebox';
import {
  CARRIED_CHOICES,
  check,
  DUB_ASK_FIELDS,
  jsonScalarsAsText,
  normaliseFields,
  oneOfEachProblem,
  readDubAsk,
  type CarriedChoiceName,
  type DubAskRead,
  type FormBody,
} from '@voxlate/contract';
import { BadInput, type ChoicesGiven, type DubTask, type EngineIds, type LanguageCode } from '@voxlate/core';
import { fieldWithinLimit } from './field-limits.js';
import type { ReceivedUpload } from './receive-upload.js';

/**
 * What a dub request asks for: the dub's task, carried whole into its job (and each language's,
 * for several), and what the request itself needs besides.
 */
export interface DubAsked {
  task: DubTask;
  /** Every language asked for when several were, the first being the task's. */
  targetLanguages?: LanguageCode[];
  /** The client's id for following the request's stages. */
  requestId?: string;
  /** A link to fetch the media from (the jobs API and the link flow). */
  url?: string;
  /** The glossary to translate with (checked to exist when the job is made). */
  glossaryId?: string;
  /** Saved voices by speaker id, by name or id (found in the library when the job is made). */
  speakerVoices?: Record<string, string>;
}

/**
 * Checks a form's text fields against the contract (refused with the words the contract gives
 * the field, after `normaliseFields`: trimmed, empty ones not sent) and reads what they ask for.
 */
export function readForm<F extends TProperties>(form: FormBody<F>, fields: Record<string, string>): DubAsked {
  return askedBy(checked(form.fields, normaliseFields(fields)));
}

/**
 * An upload's form: its fields, and its subtitles whether sent as a file part or a field; then
 * the form's exactly-one-of rules over its fields and files (a file or a link, not both).
 */
export function readUploadForm<F extends TProperties>(form: FormBody<F>, upload: ReceivedUpload): DubAsked {
  const fields: Record<string, string> = { ...upload.fields };
  if (upload.subtitles !== undefined) fields[DUB_ASK_FIELDS.subtitles.field] = upload.subtitles;
  const normalised = normaliseFields(fields) as Record<string, unknown>;
  const asked = askedBy(checked(form.fields, normalised));
  const sent = new Set(Object.keys(normalised));
  if (upload.media) sent.add(form.mediaPart);
  const problem = oneOfEachProblem(form, sent);
  if (problem) throw new BadInput(problem);
  return asked;
}

/** The link flow's JSON body, checked against its schema, as what it asks for. */
export function readJsonBody(schema: TObject, body: unknown): DubAsked {
  // The same limits as a form's fields (a 70 KB link is refused for its size, not fetched).
  if (typeof body === 'object' && body !== null) {
    for (const [name, value] of Object.entries(body)) if (typeof value === 'string') fieldWithinLimit(name, value);
  }
  return askedBy(checked(schema, normaliseFields(jsonScalarsAsText(body))));
}

/** The request checked against its schema, then read under the code's names (its targets checked too). */
function checked(schema: TObject, fields: unknown): DubAskRead {
  const result = check(schema, fields);
  if (!result.ok) throw new BadInput(result.message);
  // Whether the endpoint takes several target languages (the jobs API) or one.
  const several = DUB_ASK_FIELDS.targetLanguages.field in schema.properties;
  const read = readDubAsk(result.value, several);
  if (!read.ok) throw new BadInput(read.message);
  return read.value;
}

function askedBy(ask: DubAskRead): DubAsked {
  const { targetLanguage, targetLanguages, sourceLanguage, subtitles, requestId, url, glossaryId, speakerVoices } = ask;
  const task: DubTask = {
    sourceLanguage: sourceLanguage ?? 'auto',
    targetLanguage,
    ...(subtitles === undefined ? {} : { transcript: subtitles }),
    engines: enginesOf(ask),
    choices: choicesOf(ask),
  };
  return {
    task,
    ...(targetLanguages === undefined ? {} : { targetLanguages }),
    ...(requestId === undefined ? {} : { requestId }),
    ...(url === undefined ? {} : { url }),
    ...(glossaryId === undefined ? {} : { glossaryId }),
    ...(speakerVoices === undefined ? {} : { speakerVoices }),
  };
}

/**
 * Preserve Voice (cloning, shaped where nothing clones the language) stays on unless
 * `useVoiceCloning` is false; `voice` names the mode outright. Picture choices are off unless asked.
 */
function choicesOf(ask: DubAskRead): ChoicesGiven {
  const { speakers, tempoCap, start, end } = ask;
  const part = {
    ...(start === undefined ? {} : { start: Number(start) }),
    ...(end === undefined ? {} : { end: Number(end) }),
  };
  return {
    voice: {
      mode: ask.voice ?? (ask.useVoiceCloning === false ? 'neutral' : 'clone'),
      ...(speakers === undefined ? {} : { speakers }),
    },
    ...(tempoCap === undefined && start === undefined && end === undefined
      ? {}
      : {
          timing: {
            ...(tempoCap === undefined ? {} : { tempoCap }),
            ...(start === undefined && end === undefined ? {} : { part }),
          },
        }),
    lipSync: ask.applyLipSync === true,
    originalSpeech: ask.originalSpeech ?? 'duck',
    ...carriedChoicesOf(ask),
    subtitles: { burnIn: ask.burnSubtitles === true, bilingual: ask.bilingualSubtitles === true },
  };
}

/**
 * The choices the contract marks as carried as they are (duck_db, ...), under their code names:
 * a field declared so reaches the dub's choices with nothing written here. Core's ChoicesGiven
 * must name each one with the same type, or this does not compile.
 */
function carriedChoicesOf(ask: DubAskRead): Pick<ChoicesGiven, CarriedChoiceName> {
  const carried: { [Name in CarriedChoiceName]?: DubAskRead[Name] } = {};
  for (const name of CARRIED_CHOICES) if (ask[name] !== undefined) carried[name] = ask[name];
  return carried;
}

/** The engines named instead of the best installed (an unknown id fails later with the valid list). */
function enginesOf(ask: DubAskRead): EngineIds {
  const named: [keyof EngineIds, string | undefined][] = [
    ['asr', ask.asrEngine],
    ['mt', ask.mtEngine],
    ['tts', ask.ttsEngine],
    ['clone', ask.cloneEngine],
    ['diarise', ask.diariseEngine],
  ];
  return Object.fromEntries(named.filter(([, id]) => id !== undefined));
}
