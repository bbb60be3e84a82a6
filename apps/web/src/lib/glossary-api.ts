import { useEffect, useState } from 'react';
import {
  addressOf,
  Routes,
  type GlossaryBody,
  type GlossaryReplaceBody,
  type SpeechPreviewQuery,
} from '@voxlate/contract';
import type { AnswerOf } from '@voxlate/contract';
import { answerOf, nonOkMessage, StudioError } from './api.js';

/** A glossary as the service answers it (its route's answer in the contract). */
export type Glossary = AnswerOf<typeof Routes.getGlossary>;

export async function listGlossaries(signal?: AbortSignal): Promise<Glossary[]> {
  const response = await fetch(addressOf(Routes.listGlossaries), signal ? { signal } : {});
  return (await answerOf(Routes.listGlossaries, response)).glossaries;
}

/**
 * Makes a glossary (no id) or replaces one, from its name and CSV; a replacement names the
 * version it was made from (`updatedAt`), so a save by someone else since is not written over.
 */
export async function saveGlossary(glossary: {
  id?: string;
  name: string;
  csv: string;
  updatedAt?: string;
}): Promise<Glossary> {
  const body: GlossaryBody | GlossaryReplaceBody = glossary.id
    ? { name: glossary.name, csv: glossary.csv, ...(glossary.updatedAt ? { updated_at: glossary.updatedAt } : {}) }
    : { name: glossary.name, csv: glossary.csv };
  const address = glossary.id
    ? addressOf(Routes.replaceGlossary, { params: { id: glossary.id } })
    : addressOf(Routes.createGlossary);
  const response = await fetch(address, {
    method: glossary.id ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return answerOf(glossary.id ? Routes.replaceGlossary : Routes.createGlossary, response);
}

export async function deleteGlossary(id: string): Promise<void> {
  const response = await fetch(addressOf(Routes.deleteGlossary, { params: { id } }), { method: 'DELETE' });
  if (!response.ok && response.status !== 404) throw new StudioError(await nonOkMessage(response));
}

export const glossaryCsvUrl = (id: string): string => addressOf(Routes.exportGlossary, { params: { id } });

/** The glossary's CSV as the editor shows it (fetched: the service writes it as it imports it). */
export async function glossaryCsv(id: string): Promise<string> {
  const response = await fetch(glossaryCsvUrl(id));
  if (!response.ok) throw new StudioError(await nonOkMessage(response));
  return response.text();
}

/** What a new glossary starts with: the form, and two example rows to replace. */
export const GLOSSARY_TEMPLATE = 'eng,keep,spa,fra\nVoxlate,yes,,\nchannel,,canal,chaîne\n';

/** The creator's glossaries, to choose one (none when they cannot be read). */
export function useGlossaries(): Glossary[] {
  const [glossaries, setGlossaries] = useState<Glossary[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    listGlossaries(controller.signal)
      .then(setGlossaries)
      .catch(() => setGlossaries([]));
    return () => controller.abort();
  }, []);
  return glossaries;
}

/** A word or line as the voice will say it, after the glossary's "say as" respellings: a WAV to play. */
export function speechPreviewUrl(preview: SpeechPreviewQuery): string {
  return addressOf(Routes.previewSpeech, { query: preview });
}
