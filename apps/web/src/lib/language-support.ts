import { useEffect, useState } from 'react';
import type { LanguageSupport as LanguageAnswer } from '@voxlate/contract';

/** What a dub into a language gives here: a full machine translation or a word-by-word gist, and by what. */
export interface LanguageQuality {
  quality: 'full' | 'gist';
  engine: string;
}

/** What this installation can do with each language, from /api/languages. */
export interface LanguageSupport {
  /** Each target's translation quality from English. */
  quality: Record<string, LanguageQuality>;
  /** Languages a recogniser here can hear (the others need a subtitles file as the source). */
  heard: string[];
  /** Languages a detector here can tell apart ('auto' is offered only when there are some). */
  detected: string[];
}

export const NO_SUPPORT_KNOWN: LanguageSupport = { quality: {}, heard: [], detected: [] };

export async function fetchLanguageSupport(signal?: AbortSignal): Promise<LanguageSupport> {
  const response = await fetch('/api/languages', signal ? { signal } : {});
  if (!response.ok) return NO_SUPPORT_KNOWN;
  const languages = (await response.json()) as LanguageAnswer[];
  return {
    quality: Object.fromEntries(
      languages.flatMap((language) => {
        const translation = language.stages.translation_from_english;
        return translation ? [[language.code, translation]] : [];
      }),
    ),
    heard: languages.filter((language) => language.stages.recognition.length > 0).map((language) => language.code),
    detected: languages.filter((language) => language.stages.detection.length > 0).map((language) => language.code),
  };
}

/** The support, once the service has said it (nothing known until then, or when it cannot). */
export function useLanguageSupport(): LanguageSupport {
  const [support, setSupport] = useState<LanguageSupport>(NO_SUPPORT_KNOWN);
  useEffect(() => {
    const controller = new AbortController();
    fetchLanguageSupport(controller.signal)
      .then(setSupport)
      .catch(() => setSupport(NO_SUPPORT_KNOWN));
    return () => controller.abort();
  }, []);
  return support;
}

/** The source language the studio sends when the creator has not chosen one. */
export function defaultSourceLanguage(support: LanguageSupport): string {
  return support.detected.length > 0 ? 'auto' : 'eng';
}

/** What the creator is told next to the button about the chosen language. */
export function qualityNote(name: string, quality: LanguageQuality | undefined): string | undefined {
  if (!quality) return undefined;
  return quality.quality === 'full'
    ? `${name}: full machine translation (${quality.engine}).`
    : `${name}: a word-by-word dictionary gist (${quality.engine}), not a fluent translation. Install a translation model for more.`;
}
