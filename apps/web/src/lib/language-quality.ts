import { useEffect, useState } from 'react';

/** What a dub into a language gives here: a full machine translation or a word-by-word gist, and by what. */
export interface LanguageQuality {
  quality: 'full' | 'gist';
  engine: string;
}

interface LanguageAnswer {
  code: string;
  stages: { translation_from_english: LanguageQuality | null };
}

/** From /api/languages: each target's translation quality from English (what the studio assumes as source). */
export async function fetchLanguageQuality(signal?: AbortSignal): Promise<Record<string, LanguageQuality>> {
  const response = await fetch('/api/languages', signal ? { signal } : {});
  if (!response.ok) return {};
  const languages = (await response.json()) as LanguageAnswer[];
  return Object.fromEntries(
    languages.flatMap((language) => {
      const translation = language.stages.translation_from_english;
      return translation ? [[language.code, translation]] : [];
    }),
  );
}

/** The qualities, once the service has said them (empty until then, or when it cannot). */
export function useLanguageQuality(): Record<string, LanguageQuality> {
  const [qualities, setQualities] = useState<Record<string, LanguageQuality>>({});
  useEffect(() => {
    const controller = new AbortController();
    fetchLanguageQuality(controller.signal)
      .then(setQualities)
      .catch(() => setQualities({}));
    return () => controller.abort();
  }, []);
  return qualities;
}

/** What the creator is told next to the button about the chosen language. */
export function qualityNote(name: string, quality: LanguageQuality | undefined): string | undefined {
  if (!quality) return undefined;
  return quality.quality === 'full'
    ? `${name}: full machine translation (${quality.engine}).`
    : `${name}: a word-by-word dictionary gist (${quality.engine}), not a fluent translation. Install a translation model for more.`;
}
