import type { LanguageCode } from '../languages.js';
import type { PhonemeTiming } from '../timeline.js';

/** Han characters, kana and Hangul blocks: one syllable each. */
const SYLLABIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
/** Vowel letters of the Latin, Cyrillic and Greek alphabets (with their accented forms). */
const VOWEL_GROUP = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüÿœаеёиоуыэюяαεηιουωάέήίόύώϊϋΐΰ]+/giu;
const SYLLABIC_LANGUAGES: readonly LanguageCode[] = ['cmn', 'yue', 'jpn', 'kor'];

/**
 * Syllables in a line of text, for the speaking rate: one per character in Chinese, Japanese
 * and Korean, one per vowel group (at least one per word) elsewhere. An estimate, but the same
 * estimate for every line, which is what a rate comparison needs.
 */
export function countSyllables(text: string, language: LanguageCode): number {
  if (SYLLABIC_LANGUAGES.includes(language)) {
    const syllabic = text.match(SYLLABIC)?.length ?? 0;
    if (syllabic > 0) return syllabic;
  }
  return text
    .split(/[\s\p{P}]+/u)
    .filter((word) => /\p{L}/u.test(word))
    .reduce((sum, word) => sum + Math.max(1, word.match(VOWEL_GROUP)?.length ?? 0), 0);
}

/**
 * How fast each language is spoken, syllables per second of read speech (Pellegrino, Coupé and
 * Marsico 2011, "A cross-language perspective on speech information rate", Language 87(3)):
 * Spanish and Japanese say about 26 % more syllables a second than English, Mandarin 16 % fewer.
 * Korean, Cantonese, Russian and Greek were not measured there: they are taken at English's.
 */
const SYLLABLES_PER_SECOND: Partial<Record<LanguageCode, number>> = {
  eng: 6.19,
  fra: 7.18,
  deu: 5.97,
  ita: 6.99,
  jpn: 7.84,
  cmn: 5.18,
  spa: 7.82,
};

/** A language's usual syllable rate over English's: a Spanish speaker at 1.26 times an English one's rate speaks at a usual pace. */
export function usualRateOf(language: LanguageCode): number {
  return (SYLLABLES_PER_SECOND[language] ?? SYLLABLES_PER_SECOND.eng!) / SYLLABLES_PER_SECOND.eng!;
}

/** eSpeak NG phoneme mnemonics that are vowels (syllable nuclei): they contain a vowel symbol. */
const VOWEL_PHONEME = /[aeiouAEIOUVY@03&]/;

/** Syllables in synthesised speech: its vowel phonemes. */
export function countSpokenSyllables(phonemes: readonly PhonemeTiming[]): number {
  return phonemes.filter((p) => VOWEL_PHONEME.test(p.phoneme) && !/^[jw]$/.test(p.phoneme)).length;
}
