import { useEffect, useState } from 'react';
import {
  addressOf,
  Routes,
  type GlossaryAnswer,
  type GlossaryBody,
  type GlossaryReplaceBody,
  type SpeechPreviewQuery,
} from '@voxlate/contract';
import { jsonAnswer, nonOkMessage, StudioError } from './api.js';

export type { GlossaryAnswer as Glossary };

export async function listGlossaries(signal?: AbortSignal): Promise<GlossaryAnswer[]> {
  const response = await fetch(addressOf(Routes.listGlossaries), signal ? { signal } : {});
  return (await jsonAnswer<{ glossaries: GlossaryAnswer[] }>(response)).glossaries;
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
}): Promise<GlossaryAnswer> {
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
  return jsonAnswer<GlossaryAnswer>(response);
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
export function useGlossaries(): GlossaryAnswer[] {
  const [glossaries, setGlossaries] = useState<GlossaryAnswer[]>([]);
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
