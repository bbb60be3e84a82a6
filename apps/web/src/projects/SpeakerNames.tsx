import { useEffect, useState } from 'react';
import type { VoiceListing } from '../lib/language-support.js';
import type { JobSpeaker } from '../lib/jobs-api.js';
import { plainVoiceNames } from '../lib/plain-voice-name.js';
import type { SavedVoice } from '../lib/voice-library-api.js';
import { SpeakerSavedVoice } from './SpeakerSavedVoice.js';

/**
 * The job's speakers, each with a name the creator can give them (saved when the box is left or
 * Enter is pressed), how many lines they say, and the voice they are spoken in: choosing another
 * of the language's voices, or a voice saved in the library, makes their lines changed lines,
 * spoken in it at the next re-dub; a speaker's voice can be saved to the library from here.
 */
export function SpeakerNames({
  speakers,
  voices,
  library,
  locked,
  onRename,
  onVoice,
  onSavedVoice,
  onSaveVoice,
}: {
  speakers: readonly JobSpeaker[];
  /** The target language's voices (empty while unknown: no choice is offered then). */
  voices: readonly VoiceListing[];
  /** The voices saved in the library. */
  library: readonly SavedVoice[];
  locked: boolean;
  onRename: (speaker: string, name: string) => void;
  onVoice: (speaker: string, voice: string) => void;
  onSavedVoice: (speaker: string, savedVoice: string) => void;
  onSaveVoice: (speaker: string, name: string, rights: string) => Promise<boolean>;
}) {
  if (speakers.length === 0) return null;
  return (
    <fieldset className="speaker-names">
      <legend>Speakers</legend>
      {speakers.map((speaker) => (
        <div key={speaker.id} className="speaker">
          <SpeakerName speaker={speaker} locked={locked} onRename={onRename} />
          <SpeakerVoice speaker={speaker} voices={voices} locked={locked} onVoice={onVoice} />
          <SpeakerSavedVoice
            speaker={speaker}
            library={library}
            locked={locked}
            onGive={onSavedVoice}
            onSave={onSaveVoice}
          />
        </div>
      ))}
    </fieldset>
  );
}

function SpeakerName({
  speaker,
  locked,
  onRename,
}: {
  speaker: JobSpeaker;
  locked: boolean;
  onRename: (speaker: string, name: string) => void;
}) {
  const [name, setName] = useState(speaker.name);
  useEffect(() => setName(speaker.name), [speaker.name]);
  const save = (): void => {
    const trimmed = name.trim();
    if (trimmed === '') setName(speaker.name);
    else if (trimmed !== speaker.name) onRename(speaker.id, trimmed);
  };
  return (
    <label className="speaker-name">
      <span>
        {speaker.id} · {speaker.lines === 1 ? '1 line' : `${speaker.lines} lines`}
      </span>
      <input
        type="text"
        value={name}
        maxLength={60}
        disabled={locked}
        aria-label={`Name of speaker ${speaker.id}`}
        onChange={(event) => setName(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => event.key === 'Enter' && save()}
      />
    </label>
  );
}

/** The voice a speaker is spoken in, matched to them or chosen; a voice outside the list (a cloned one) is shown as it is. */
function SpeakerVoice({
  speaker,
  voices,
  locked,
  onVoice,
}: {
  speaker: JobSpeaker;
  voices: readonly VoiceListing[];
  locked: boolean;
  onVoice: (speaker: string, voice: string) => void;
}) {
  const current = speaker.voice?.id;
  if (!current || voices.length === 0) return null;
  const listed = voices.find((voice) => voice.id === current);
  const plainNames = plainVoiceNames(voices);
  return (
    <label className="speaker-name">
      <span>{speaker.voice?.chosen ? 'Voice (chosen)' : 'Voice (matched to them)'}</span>
      <select
        className="speaker-select"
        value={current}
        disabled={locked}
        aria-label={`Voice of speaker ${speaker.id}`}
        onChange={(event) => onVoice(speaker.id, event.target.value)}
      >
        {!listed && <option value={current}>{current}</option>}
        {voices.map((voice) => (
          <option key={voice.id} value={voice.id}>
            {plainNames.get(voice.id)}
            {voice.non_commercial ? ', non-commercial use only' : ''}
          </option>
        ))}
      </select>
      {listed && (
        <details className="note-details">
          <summary>Details</summary>
          <p>{listed.name}</p>
        </details>
      )}
      {listed?.non_commercial && (
        <span className="speaker-voice-licence" role="note">
          This voice’s licence allows non-commercial use only: a dub it speaks may not be sold.
        </span>
      )}
    </label>
  );
}
