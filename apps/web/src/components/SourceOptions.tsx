import { useId } from 'react';
import type { LanguageSupport } from '../lib/language-support.js';
import { languageInfo, TARGET_LANGUAGES } from '../lib/languages.js';
import { sourceNote } from '../lib/source-language.js';
import { FileButton } from './FileButton.js';

interface Props {
  support: LanguageSupport;
  sourceLanguage: string;
  subtitles: File | undefined;
  disabled: boolean;
  onSourceLanguage: (code: string) => void;
  onSubtitles: (file: File | undefined) => void;
}

/**
 * The language spoken in the file, and a subtitles file used as the source text instead of
 * recognition: optional for a language heard here, marked needed for one that is not.
 */
export function SourceOptions(props: Props) {
  const noteId = useId();
  const note = sourceNote(props.support, props.sourceLanguage, props.subtitles !== undefined);
  const needed = subtitlesNeeded(props.support, props.sourceLanguage);
  return (
    <fieldset className="source-options" disabled={props.disabled}>
      <legend className="visually-hidden">Source</legend>
      <label className="field">
        <span>Source language</span>
        <select
          value={props.sourceLanguage}
          onChange={(event) => props.onSourceLanguage(event.target.value)}
          aria-describedby={note ? noteId : undefined}
        >
          <SourceLanguageOptions support={props.support} />
        </select>
      </label>
      <div className="field subtitles-field">
        <span id={`${noteId}-subtitles`}>
          Subtitles file (
          {needed ? `needed for ${languageInfo(props.sourceLanguage)?.name ?? props.sourceLanguage}` : 'optional'})
        </span>
        {props.subtitles ? (
          <p className="subtitles-chosen">
            <span>{props.subtitles.name}</span>
            <button type="button" className="link-button" onClick={() => props.onSubtitles(undefined)}>
              Remove subtitles
            </button>
          </p>
        ) : (
          <FileButton
            label="Add SRT or VTT"
            inputLabel="Subtitles file"
            accept=".srt,.vtt,text/vtt,application/x-subrip"
            describedBy={`${noteId}-subtitles`}
            onFile={props.onSubtitles}
          />
        )}
      </div>
      {note && (
        <p id={noteId} className="source-note" role="note">
          {note}
        </p>
      )}
    </fieldset>
  );
}

/** Whether speech in `language` cannot be heard here, so only its subtitles can be the source (unknown support: not said). */
function subtitlesNeeded(support: LanguageSupport, language: string): boolean {
  return support.heard.length > 0 && language !== 'auto' && !support.heard.includes(language);
}

/** "Detect automatically" when a detector is installed; then what can be heard, then what needs subtitles. */
function SourceLanguageOptions({ support }: { support: LanguageSupport }) {
  const option = (code: string) => {
    const language = languageInfo(code)!;
    return (
      <option key={code} value={code}>
        {language.flag} {language.name}
      </option>
    );
  };
  const codes = TARGET_LANGUAGES.map((language) => language.code);
  const detect = support.detected.length > 0 && <option value="auto">Detect automatically</option>;
  if (support.heard.length === 0) {
    return (
      <>
        {detect}
        {codes.map(option)}
      </>
    );
  }
  return (
    <>
      {detect}
      <optgroup label="Heard offline">{codes.filter((code) => support.heard.includes(code)).map(option)}</optgroup>
      <optgroup label="Needs a subtitles file">
        {codes.filter((code) => !support.heard.includes(code)).map(option)}
      </optgroup>
    </>
  );
}
