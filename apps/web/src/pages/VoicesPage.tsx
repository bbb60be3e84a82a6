import { useCallback, useEffect, useState } from 'react';
import { StudioHeader } from '../components/StudioHeader.js';
import { FileButton } from '../components/FileButton.js';
import { StudioError } from '../lib/api.js';
import { usePageTitle } from '../lib/page-title.js';
import {
  deleteSavedVoice,
  importSavedVoice,
  listSavedVoices,
  renameSavedVoice,
  savedVoiceFileUrl,
  savedVoiceSpeechUrl,
  type SavedVoice,
} from '../lib/voice-library-api.js';

/**
 * The creator's voice library: the speakers' voices saved from their dubs (in the editor), each
 * to hear, rename, export as a file to keep, or remove; and voice files imported back.
 */
export function VoicesPage() {
  usePageTitle('Voice library');
  const [voices, setVoices] = useState<SavedVoice[] | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();

  const load = useCallback(async () => {
    try {
      setVoices(await listSavedVoices());
    } catch (caught) {
      setError(caught instanceof StudioError ? caught.message : 'The voice library could not be read.');
    }
  }, []);
  useEffect(() => void load(), [load]);

  const act = async (work: () => Promise<string>, failed: string): Promise<void> => {
    try {
      setError(undefined);
      setMessage(await work());
      await load();
    } catch (caught) {
      setError(caught instanceof StudioError ? caught.message : failed);
    }
  };

  return (
    <div className="studio">
      <StudioHeader title="Voice library" />
      <section className="card glossaries" aria-labelledby="voice-list">
        <h2 id="voice-list">Your saved voices</h2>
        <p className="editor-hint">
          A speaker’s voice saved from a dub (in the project editor, under Speakers) speaks them the same way in every
          later dub: give it to a speaker in the editor. Each voice keeps your statement that you may use it.
        </p>
        <p role="status" aria-live="polite">
          {message ??
            (voices === undefined ? 'Loading…' : `${voices.length} saved ${voices.length === 1 ? 'voice' : 'voices'}.`)}
        </p>
        {error && (
          <div className="alert" role="alert">
            {error}
          </div>
        )}
        {voices && voices.length > 0 && (
          <ul className="glossary-list voice-list">
            {voices.map((voice) => (
              <VoiceItem
                key={voice.id}
                voice={voice}
                onRename={(name) =>
                  void act(
                    async () => `Renamed to “${(await renameSavedVoice(voice.id, name)).name}”.`,
                    'The voice could not be renamed.',
                  )
                }
                onRemove={() =>
                  void act(async () => {
                    await deleteSavedVoice(voice.id);
                    return `Removed “${voice.name}”.`;
                  }, 'The voice could not be removed.')
                }
              />
            ))}
          </ul>
        )}
        <FileButton
          label="Import a voice file"
          inputLabel="Voice file"
          className="button secondary"
          accept=".json,application/json"
          onFile={(file) =>
            void act(
              async () => `Imported “${(await importSavedVoice(await file.text())).name}”.`,
              'The voice file could not be imported.',
            )
          }
        />
      </section>
    </div>
  );
}

function VoiceItem({
  voice,
  onRename,
  onRemove,
}: {
  voice: SavedVoice;
  onRename: (name: string) => void;
  onRemove: () => void;
}) {
  const [name, setName] = useState(voice.name);
  useEffect(() => setName(voice.name), [voice.name]);
  const pitch = voice.profile.f0_median_hz;
  const languages = Object.keys(voice.base_voices).join(', ');
  return (
    <li>
      <span>
        <strong>{voice.name}</strong>
        {pitch === undefined ? '' : ` · ${Math.round(pitch)} Hz`}
        {languages === '' ? '' : ` · dubbed into ${languages}`}
        <br />
        <small>
          “{voice.rights.statement}” ({voice.rights.at.slice(0, 10)})
        </small>
      </span>
      {voice.speech_seconds !== undefined && (
        <audio controls preload="none" src={savedVoiceSpeechUrl(voice.id)} aria-label={`The speech of ${voice.name}`} />
      )}
      <input
        type="text"
        value={name}
        maxLength={60}
        aria-label={`Name of ${voice.name}`}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => name.trim() !== '' && name.trim() !== voice.name && onRename(name.trim())}
        onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
      />
      <a className="button small secondary" href={savedVoiceFileUrl(voice.id)} download>
        Export {voice.name}
      </a>
      <button type="button" className="button small secondary" onClick={onRemove}>
        Remove {voice.name}
      </button>
    </li>
  );
}
