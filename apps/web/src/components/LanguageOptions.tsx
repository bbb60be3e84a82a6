import type { LanguageQuality } from '../lib/language-support.js';
import { TARGET_LANGUAGES } from '../lib/languages.js';

const GROUPS = [
  { quality: 'full', label: 'Full translation' },
  { quality: 'gist', label: 'Word-by-word gist (offline dictionary)' },
] as const;

/** The 11 languages as the spec lists them ("{flag} {name}"), grouped by what they give once that is known. */
export function LanguageOptions({ qualities }: { qualities: Record<string, LanguageQuality> }) {
  const option = (language: (typeof TARGET_LANGUAGES)[number]) => (
    <option key={language.code} value={language.code}>
      {language.flag} {language.name}
    </option>
  );
  if (Object.keys(qualities).length === 0) return <>{TARGET_LANGUAGES.map(option)}</>;
  const unknown = TARGET_LANGUAGES.filter((language) => !qualities[language.code]);
  return (
    <>
      {GROUPS.map((group) => (
        <optgroup key={group.quality} label={group.label}>
          {TARGET_LANGUAGES.filter((language) => qualities[language.code]?.quality === group.quality).map(option)}
        </optgroup>
      ))}
      {unknown.map(option)}
    </>
  );
}
