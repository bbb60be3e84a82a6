/** ISO 639-2 codes MP4 players show for our languages (Mandarin and Cantonese are both "zho" there). */
const MP4_LANGUAGE: Readonly<Record<string, string>> = { cmn: 'zho', yue: 'zho' };

/** A language code (ISO 639-3) as an MP4 track's language tag. */
export function mp4LanguageOf(language: string): string {
  return MP4_LANGUAGE[language] ?? language;
}

/**
 * Tags the output's audio track with the dub's language, so players list it by name (an untagged
 * track shows as "und"); nothing when the language is not known.
 */
export function audioLanguageArgs(language: string | undefined): string[] {
  return language ? ['-metadata:s:a:0', `language=${mp4LanguageOf(language)}`] : [];
}
