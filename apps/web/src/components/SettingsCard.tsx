import { TARGET_LANGUAGES } from '../lib/languages.js';
import { translateButtonLabel, type Stage } from '../studio/studio-state.js';

interface Props {
  stage: Stage;
  targetLanguage: string;
  lipSync: boolean;
  voiceCloning: boolean;
  working: boolean;
  hasFile: boolean;
  onLanguage: (code: string) => void;
  onLipSync: (on: boolean) => void;
  onVoiceCloning: (on: boolean) => void;
  onTranslate: () => void;
}

/** Translation Settings: language, the two video options, and the translate button. */
export function SettingsCard(props: Props) {
  const video = props.stage === 'video' || props.stage === 'both';
  return (
    <section className="card settings" aria-label="Translation Settings">
      <h2>Translation Settings</h2>
      <label className="field">
        <span>Target language</span>
        <select
          value={props.targetLanguage}
          disabled={props.working}
          onChange={(event) => props.onLanguage(event.target.value)}
          aria-label="Target language"
        >
          <option value="">Select target language</option>
          {TARGET_LANGUAGES.map((language) => (
            <option key={language.code} value={language.code}>
              {language.flag} {language.name}
            </option>
          ))}
        </select>
      </label>
      {video && (
        <div className="options">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={props.lipSync}
              disabled={props.working}
              onChange={(event) => props.onLipSync(event.target.checked)}
            />
            Apply Lip Sync
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={props.voiceCloning}
              disabled={props.working}
              onChange={(event) => props.onVoiceCloning(event.target.checked)}
            />
            Preserve Voice
          </label>
        </div>
      )}
      <button
        type="button"
        className="button large"
        disabled={!props.hasFile || !props.targetLanguage || props.working}
        onClick={props.onTranslate}
      >
        {translateButtonLabel(props.stage, props.lipSync)}
      </button>
    </section>
  );
}
