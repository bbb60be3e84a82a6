/** The key the service reads as "every speaker not named on their own" (core's EVERY_SPEAKER). */
const EVERY_SPEAKER = '*';

/**
 * Who a saved voice can be given to before a dub: every speaker (a solo creator whom the speaker
 * detection may split in two), or the first two, numbered in the order they first speak.
 */
const SPEAKERS = [
  { id: EVERY_SPEAKER, label: 'Every speaker' },
  { id: 'S1', label: 'First speaker to talk' },
  { id: 'S2', label: 'Second speaker to talk' },
] as const;

/**
 * Saved voices (the voice library) for the speakers the dub will find, chosen before it starts:
 * each is spoken in the saved voice, as in every dub that uses it. The editor can change it after.
 */
export function SpeakerVoices({
  voices,
  chosen,
  disabled,
  onVoice,
}: {
  voices: readonly { id: string; name: string }[];
  chosen: Readonly<Record<string, string>>;
  disabled: boolean;
  onVoice: (speaker: string, voice: string | undefined) => void;
}) {
  const forEveryone = voices.find((voice) => voice.id === chosen[EVERY_SPEAKER]);
  return (
    <fieldset className="speaker-voices" disabled={disabled}>
      <legend>Saved voices</legend>
      {SPEAKERS.map((speaker) => (
        <label className="field" key={speaker.id}>
          <span>{speaker.label}</span>
          <select
            value={chosen[speaker.id] ?? ''}
            onChange={(event) => onVoice(speaker.id, event.target.value === '' ? undefined : event.target.value)}
          >
            <option value="">
              {forEveryone && speaker.id !== EVERY_SPEAKER
                ? `As every speaker (${forEveryone.name})`
                : 'Their own voice'}
            </option>
            {voices.map((voice) => (
              <option key={voice.id} value={voice.id}>
                {voice.name}
              </option>
            ))}
          </select>
        </label>
      ))}
      <small>
        Speakers are numbered in the order they first speak; a voice chosen for one of them comes before the one for
        every speaker. The editor can change a speaker’s voice after.
      </small>
    </fieldset>
  );
}
