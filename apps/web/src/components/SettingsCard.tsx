import type { ReactNode } from 'react';
import {
  qualityNote,
  speechNote,
  voiceNote,
  type CloneSupport,
  type LanguageQuality,
  type SpeechSupport,
} from '../lib/language-support.js';
import type { AskedChoice } from '../lib/api.js';
import { languageInfo } from '../lib/languages.js';
import { LanguageOptions } from './LanguageOptions.js';
import { MoreLanguages } from './MoreLanguages.js';
import { PartFields } from './PartFields.js';
import { PlainNoteView } from './PlainNoteView.js';
import { SpeakerVoices } from './SpeakerVoices.js';
import { startButtonLabel, type Stage } from '../studio/studio-state.js';

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
  /** Burn-in (video modes): shown when given. */
  burnSubtitles?: boolean;
  onBurnSubtitles?: (on: boolean) => void;
  /** Without it (a link: its Go starts the dub) the card says so instead of showing a button. */
  onTranslate?: () => void;
  /** What each target gives here (from /api/languages): the list is grouped by it once known. */
  qualities?: Record<string, LanguageQuality>;
  /** The source language and subtitles controls, above the target. */
  source?: ReactNode;
  /** The targets whose voices are cloned here (from /api/languages). */
  cloning?: Record<string, CloneSupport>;
  /** Each target's synthesiser and voices (from /api/languages). */
  speech?: Record<string, SpeechSupport>;
  /** How many people speak (undefined: found from the audio); the choice is shown when onSpeakers is given. */
  speakers?: number | undefined;
  onSpeakers?: (count: number | undefined) => void;
  /** Subtitles in both languages (every mode): shown when onBilingualSubtitles is given. */
  bilingualSubtitles?: boolean;
  onBilingualSubtitles?: (on: boolean) => void;
  /**
   * The request's fields this card sets as they are (what becomes of the original voice, how far
   * it is lowered): a control added here reaches the request with no other file changed. The
   * controls show when onAsked is given.
   */
  asked?: AskedChoice;
  onAsked?: (asked: AskedChoice) => void;
  /** The creator's glossaries (the choice is shown when there is one), and the one chosen. */
  glossaries?: readonly { id: string; name: string }[];
  glossaryId?: string | undefined;
  onGlossary?: (id: string | undefined) => void;
  /** The library's saved voices (the choice is shown when there is one), and those chosen by speaker. */
  savedVoices?: readonly { id: string; name: string }[];
  speakerVoices?: Readonly<Record<string, string>>;
  onSpeakerVoice?: (speaker: string, voice: string | undefined) => void;
  /** Other languages to dub into at once (shown when onMoreLanguages is given). */
  moreLanguages?: readonly string[];
  onMoreLanguages?: (languages: string[]) => void;
  /** The part to dub, seconds as typed (shown when onPart is given). */
  part?: { start: string; end: string };
  onPart?: (start: string, end: string) => void;
}

/** How far the original may be lowered under the dub, dB (the service takes 6-40; 24 when not said). */
const DUCK_LEVELS: readonly { db: number; label: string }[] = [
  { db: 12, label: 'Clearly heard' },
  { db: 18, label: 'Heard' },
  { db: 32, label: 'Very softly' },
  { db: 40, label: 'Barely heard' },
];

/** The speaker counts a creator may give (the service takes 1-20). */
const SPEAKER_COUNTS = Array.from({ length: 20 }, (_, i) => i + 1);

/** Translation Settings: language, the two video options, and the translate button. */
export function SettingsCard(props: Props) {
  const video = props.stage === 'video' || props.stage === 'both';
  const quality = props.qualities?.[props.targetLanguage];
  const languageName = languageInfo(props.targetLanguage)?.name ?? '';
  const note = qualityNote(languageName, quality);
  const speech = props.speech?.[props.targetLanguage];
  const spokenBy = speechNote(languageName, speech);
  const removeOriginal = props.asked?.originalSpeech === 'remove';
  const voice = voiceNote(languageName, props.cloning?.[props.targetLanguage]);
  return (
    <section className="card settings" aria-label="Translation Settings">
      <h2>Translation Settings</h2>
      {props.source}
      <label className="field">
        <span>Target language</span>
        <select
          value={props.targetLanguage}
          disabled={props.working}
          onChange={(event) => props.onLanguage(event.target.value)}
          aria-label="Target language"
        >
          <option value="">Select target language</option>
          <LanguageOptions qualities={props.qualities ?? {}} />
        </select>
      </label>
      {video ? (
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
              aria-describedby="voice-note"
              onChange={(event) => props.onVoiceCloning(event.target.checked)}
            />
            Preserve Voice
          </label>
          {props.onBurnSubtitles && (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={props.burnSubtitles ?? false}
                disabled={props.working}
                onChange={(event) => props.onBurnSubtitles?.(event.target.checked)}
              />
              Burn in subtitles
            </label>
          )}
        </div>
      ) : null}
      {/* The button right under the language: on a phone it is on the card's first screen. */}
      {props.onTranslate ? (
        <button
          type="button"
          className="button large"
          disabled={!props.hasFile || !props.targetLanguage || props.working}
          onClick={props.onTranslate}
        >
          {startButtonLabel({ stage: props.stage, lipSync: props.lipSync, moreLanguages: props.moreLanguages ?? [] })}
        </button>
      ) : (
        <p className="hint">Paste a direct link above and choose Go: it is dubbed with these settings.</p>
      )}
      <PlainNoteView
        className="voice-note"
        id="voice-note"
        note={
          video
            ? voice
            : {
                ...voice,
                text: `Each speaker keeps their voice, as with Preserve Voice in the video modes. ${voice.text}`,
              }
        }
      />
      {spokenBy && (
        <PlainNoteView
          className={`speech-note${speech?.robotic ? ' robotic' : ''}${speech?.voices.some((listed) => listed.non_commercial) ? ' non-commercial' : ''}`}
          note={spokenBy}
        />
      )}
      {note && <PlainNoteView className={`quality-note ${quality?.quality ?? ''}`} note={note} />}
      <div className="more-settings" role="group" aria-labelledby="more-settings-heading">
        <h3 id="more-settings-heading">More settings</h3>
        {props.onMoreLanguages && (
          <MoreLanguages
            targetLanguage={props.targetLanguage}
            chosen={props.moreLanguages ?? []}
            disabled={props.working}
            onChange={props.onMoreLanguages}
          />
        )}
        {props.onSpeakers && (
          <label className="field">
            <span>Speakers</span>
            <select
              value={props.speakers ?? ''}
              disabled={props.working}
              onChange={(event) =>
                props.onSpeakers?.(event.target.value === '' ? undefined : Number(event.target.value))
              }
              aria-label="Speakers"
              aria-describedby="speakers-hint"
            >
              <option value="">Found from the audio</option>
              {SPEAKER_COUNTS.map((count) => (
                <option key={count} value={count}>
                  {count === 1 ? '1 person speaks' : `${count} people speak`}
                </option>
              ))}
            </select>
            <small id="speakers-hint">Say how many people speak when you know: each gets a voice of their own.</small>
          </label>
        )}
        {props.onGlossary && (props.glossaries?.length ?? 0) > 0 && (
          <label className="field">
            <span>Glossary</span>
            <select
              value={props.glossaryId ?? ''}
              disabled={props.working}
              onChange={(event) => props.onGlossary?.(event.target.value === '' ? undefined : event.target.value)}
              aria-label="Glossary"
            >
              <option value="">No glossary</option>
              {props.glossaries!.map((glossary) => (
                <option key={glossary.id} value={glossary.id}>
                  {glossary.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {props.onSpeakerVoice && (props.savedVoices?.length ?? 0) > 0 && (
          <SpeakerVoices
            voices={props.savedVoices!}
            chosen={props.speakerVoices ?? {}}
            disabled={props.working}
            onVoice={props.onSpeakerVoice}
          />
        )}
        {props.onBilingualSubtitles && (
          <CheckboxWithHint
            id="bilingual-hint"
            label="Bilingual subtitles"
            checked={props.bilingualSubtitles ?? false}
            disabled={props.working}
            onChange={props.onBilingualSubtitles}
          >
            {video
              ? 'The original line under the translated one, in the video’s subtitles and as files to download.'
              : 'The original line under the translated one, as files to download.'}
          </CheckboxWithHint>
        )}
        {props.onAsked && (
          <CheckboxWithHint
            id="remove-original-hint"
            label="Remove the original voice"
            checked={removeOriginal}
            disabled={props.working}
            // Removed, the original is not lowered by any amount: the level chosen is not sent.
            onChange={(on) =>
              props.onAsked?.(on ? { originalSpeech: 'remove', duckDb: undefined } : { originalSpeech: undefined })
            }
          >
            Where the original voice cannot be taken out on its own, it is turned down under each dubbed line, with its
            background. This silences it there instead: no word of it is heard, but its music and ambience go with it.
          </CheckboxWithHint>
        )}
        {props.onAsked && !removeOriginal && (
          <label className="field">
            <span>Original under the dub</span>
            <select
              value={props.asked?.duckDb ?? ''}
              disabled={props.working}
              onChange={(event) =>
                props.onAsked?.({ duckDb: event.target.value === '' ? undefined : Number(event.target.value) })
              }
              aria-label="Original under the dub"
              aria-describedby="duck-hint"
            >
              <option value="">Softly (default)</option>
              {DUCK_LEVELS.map(({ db, label }) => (
                <option key={db} value={db}>
                  {label}
                </option>
              ))}
            </select>
            <small id="duck-hint">
              How loud the original (voice and background) stays under each dubbed line, where its voice cannot be taken
              out on its own.
            </small>
          </label>
        )}
        {props.onAsked && !removeOriginal && (
          <details className="note-details">
            <summary>Details</summary>
            <p>
              Turned down by 12, 18, 24 (the default), 32 or 40 dB; a voice separator, where installed, takes the voice
              out and keeps the background at full level.
            </p>
          </details>
        )}
        {props.onPart && (
          <PartFields
            start={props.part?.start ?? ''}
            end={props.part?.end ?? ''}
            disabled={props.working}
            onChange={props.onPart}
          />
        )}
      </div>
    </section>
  );
}

/** A setting's checkbox with a line under it saying what it does (read with the box). */
function CheckboxWithHint(props: {
  id: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div className="checkbox-with-hint">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={props.checked}
          disabled={props.disabled}
          aria-describedby={props.id}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        {props.label}
      </label>
      <small id={props.id}>{props.children}</small>
    </div>
  );
}
