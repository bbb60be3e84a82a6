import { useState } from 'react';
import type { LanguageCode } from '@voxlate/contract';
import { speechPreviewUrl } from '../lib/glossary-api.js';
import { TARGET_LANGUAGES } from '../lib/languages.js';

/**
 * Hear a word or line as a dub's voice will say it with this glossary: after its "say as"
 * respellings, in the language's best voice. It speaks the glossary as last saved, and says so
 * while the terms have changes not saved yet.
 */
export function SayAsPreview({ glossaryId, unsaved = false }: { glossaryId: string; unsaved?: boolean }) {
  const [language, setLanguage] = useState<LanguageCode>('eng');
  const [text, setText] = useState('');
  const [source, setSource] = useState<string | undefined>();
  return (
    <div className="say-as-preview">
      <label className="field">
        <span>Hear it in</span>
        <select value={language} onChange={(event) => setLanguage(event.target.value as LanguageCode)}>
          {TARGET_LANGUAGES.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Word or line</span>
        <input type="text" value={text} maxLength={200} onChange={(event) => setText(event.target.value)} />
      </label>
      <button
        type="button"
        className="button small secondary"
        disabled={text.trim() === ''}
        onClick={() => setSource(speechPreviewUrl({ language, text: text.trim(), glossary_id: glossaryId }))}
      >
        Hear it as the voice says it
      </button>
      {unsaved && (
        <p className="editor-hint" role="note">
          Your changes to the terms are not saved yet: this speaks the glossary as last saved. Save to hear them.
        </p>
      )}
      {source && <audio controls autoPlay src={source} aria-label="How the voice says it" />}
    </div>
  );
}
