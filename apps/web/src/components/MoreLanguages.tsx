import { useState } from 'react';
import { TARGET_LANGUAGES } from '../lib/languages.js';

interface Props {
  targetLanguage: string;
  chosen: readonly string[];
  disabled: boolean;
  onChange: (languages: string[]) => void;
}

/**
 * Other languages to dub the same file into at once: each becomes a project of its own, made
 * together (what is heard is worked out once for all). Folded away until wanted; it says how
 * many are ticked while folded.
 */
export function MoreLanguages({ targetLanguage, chosen, disabled, onChange }: Props) {
  const others = TARGET_LANGUAGES.filter((language) => language.code !== targetLanguage);
  // Its boxes are made only while it is open: a folded one has nothing to reach by Tab.
  const [open, setOpen] = useState(chosen.length > 0);
  const toggle = (code: string, on: boolean): void =>
    onChange(on ? [...chosen, code] : chosen.filter((chosenCode) => chosenCode !== code));
  return (
    <details
      className="more-languages"
      open={open}
      onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}
    >
      <summary>Also dub into other languages{chosen.length > 0 ? ` (${chosen.length} chosen)` : ''}</summary>
      {open && (
        <fieldset disabled={disabled} aria-describedby="more-languages-hint">
          <legend className="visually-hidden">Other languages</legend>
          <div className="language-checks">
            {others.map((language) => (
              <label key={language.code} className="checkbox">
                <input
                  type="checkbox"
                  checked={chosen.includes(language.code)}
                  onChange={(event) => toggle(language.code, event.target.checked)}
                />
                {language.flag} {language.name}
              </label>
            ))}
          </div>
          <small id="more-languages-hint">
            Each language becomes a project of its own, with its own result, subtitles and editor. The speech is
            recognised once for all of them.
          </small>
        </fieldset>
      )}
    </details>
  );
}
