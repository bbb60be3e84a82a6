import type { EngineResolver } from '../engine.js';
import { BadInput } from '../errors.js';
import { LANGUAGE_CODES, LANGUAGES, type LanguageCode } from '../languages.js';
import type { DubRequest } from './dub-request.js';

/** What the caller calls the two languages (form fields, or the CLI's flags), for the messages. */
export interface LanguageFieldNames {
  source: string;
  target: string;
}

export const WIRE_FIELDS: LanguageFieldNames = { source: 'source_language', target: 'target_language' };

/**
 * Refuses, before any work, a request that cannot make a dub: the same language in and out
 * (passing a file through unchanged is not a dub), or a pair no installed engine translates.
 * Each message names the field and what would work. A source of 'auto' with a detector is
 * settled when the speech is heard; without one it is English, as the recogniser will take it.
 */
export async function admitLanguages(
  request: Pick<DubRequest, 'sourceLanguage' | 'targetLanguage' | 'transcript' | 'engines'>,
  engines: EngineResolver,
  fields: LanguageFieldNames = WIRE_FIELDS,
): Promise<void> {
  if (request.sourceLanguage === 'auto' && request.transcript !== undefined) {
    throw new BadInput(
      `Name the source language (${fields.source}) when subtitles are given as the source: it is detected from speech only.`,
    );
  }
  const source = request.sourceLanguage === 'auto' ? await assumedSource(engines) : request.sourceLanguage;
  if (!source) return;
  const target = request.targetLanguage;
  if (source === target) {
    const name = LANGUAGES[source].name;
    const assumed =
      request.sourceLanguage === 'auto' ? ' (no language detector is installed, so English is assumed)' : '';
    throw new BadInput(
      `The source${assumed} and target language (${fields.target}) are both ${name}: a dub needs another language. ` +
        `${name} can be dubbed into: ${await describe(reachableTargets(source, engines, request.engines?.mt))}.`,
    );
  }
  const translator = await engines.translator({ source, target }, request.engines?.mt).catch(() => undefined);
  if (translator) return;
  throw new BadInput(
    `No installed engine translates ${LANGUAGES[source].name} to ${LANGUAGES[target].name} (${fields.target}). ` +
      `${LANGUAGES[source].name} can be dubbed into: ${await describe(reachableTargets(source, engines, request.engines?.mt))}.`,
  );
}

/**
 * The source language when it is 'auto': undefined when a detector will tell it from the speech,
 * English when nothing can (the offline recogniser hears English only).
 */
async function assumedSource(engines: EngineResolver): Promise<LanguageCode | undefined> {
  return (await engines.languageDetector()) ? undefined : 'eng';
}

async function reachableTargets(
  source: LanguageCode,
  engines: EngineResolver,
  mt: string | undefined,
): Promise<LanguageCode[]> {
  const able = await Promise.all(
    LANGUAGE_CODES.filter((code) => code !== source).map(async (target) =>
      (await engines.translator({ source, target }, mt).catch(() => undefined)) ? target : undefined,
    ),
  );
  return able.filter((code): code is LanguageCode => code !== undefined);
}

async function describe(targets: Promise<LanguageCode[]>): Promise<string> {
  const codes = await targets;
  if (codes.length === 0) return 'no language with the engines installed here';
  return codes.map((code) => `${LANGUAGES[code].name} (${code})`).join(', ');
}
