import { useState } from 'react';
import type { JobSpeaker } from '../lib/jobs-api.js';
import type { SavedVoice } from '../lib/voice-library-api.js';

/** The words a creator must write, at least, to say why they may use a voice (as the service asks). */
const MIN_RIGHTS_LENGTH = 10;

/**
 * A speaker's voice in the creator's library: which saved voice they are spoken in (choosing one
 * makes their lines changed lines), and saving their voice under a name, with the creator's
 * statement that they have the right to use it.
 */
export function SpeakerSavedVoice({
  speaker,
  library,
  locked,
  onGive,
  onSave,
}: {
  speaker: JobSpeaker;
  library: readonly SavedVoice[];
  locked: boolean;
  onGive: (speaker: string, savedVoice: string) => void;
  /** Resolves to true once saved (the form closes), false when refused (the error is shown by the editor). */
  onSave: (speaker: string, name: string, rights: string) => Promise<boolean>;
}) {
  const [saving, setSaving] = useState(false);
  const current = speaker.saved_voice?.id ?? '';
  return (
    <div className="speaker-saved-voice">
      {library.length > 0 && (
        <label className="speaker-name">
          <span>Saved voice</span>
          <select
            className="speaker-select"
            value={current}
            disabled={locked}
            aria-label={`Saved voice of speaker ${speaker.id}`}
            onChange={(event) => event.target.value !== '' && onGive(speaker.id, event.target.value)}
          >
            {current === '' && <option value="">None: their own voice, measured</option>}
            {library.map((voice) => (
              <option key={voice.id} value={voice.id}>
                {voice.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {saving ? (
        <SaveVoiceForm
          speaker={speaker}
          onCancel={() => setSaving(false)}
          onSave={async (name, rights) => {
            if (await onSave(speaker.id, name, rights)) setSaving(false);
          }}
        />
      ) : (
        <button
          type="button"
          className="button small secondary"
          disabled={locked || !speaker.voice}
          onClick={() => setSaving(true)}
        >
          Save {speaker.name}’s voice
        </button>
      )}
    </div>
  );
}

function SaveVoiceForm({
  speaker,
  onCancel,
  onSave,
}: {
  speaker: JobSpeaker;
  onCancel: () => void;
  onSave: (name: string, rights: string) => Promise<void>;
}) {
  const [name, setName] = useState(speaker.name === speaker.id ? '' : speaker.name);
  const [rights, setRights] = useState('');
  const ready = name.trim() !== '' && !/[;=]/.test(name) && rights.trim().length >= MIN_RIGHTS_LENGTH;
  return (
    <form
      className="save-voice"
      aria-label={`Save the voice of speaker ${speaker.id}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) void onSave(name.trim(), rights.trim());
      }}
    >
      <label className="field">
        <span>Name in your voice library</span>
        <input type="text" value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
      </label>
      <label className="field">
        <span>Why you may use this voice</span>
        <textarea
          value={rights}
          rows={2}
          maxLength={500}
          placeholder="This is my own voice. / The speaker gave me written consent on …"
          onChange={(event) => setRights(event.target.value)}
        />
      </label>
      <p className="editor-hint">
        Kept with the voice and written in the provenance of every dub that uses it. Save only voices you have the right
        to use.
      </p>
      <div className="glossary-actions">
        <button type="submit" className="button small" disabled={!ready}>
          Save voice
        </button>
        <button type="button" className="button small secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
