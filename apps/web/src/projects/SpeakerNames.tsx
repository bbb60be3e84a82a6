import { useEffect, useState } from 'react';
import type { JobSpeaker } from '../lib/jobs-api.js';

/**
 * The job's speakers, each with a name the creator can give them (saved when the box is left or
 * Enter is pressed) and how many lines they say; names are for the editor, nothing is re-dubbed.
 */
export function SpeakerNames({
  speakers,
  locked,
  onRename,
}: {
  speakers: readonly JobSpeaker[];
  locked: boolean;
  onRename: (speaker: string, name: string) => void;
}) {
  if (speakers.length === 0) return null;
  return (
    <fieldset className="speaker-names">
      <legend>Speakers</legend>
      {speakers.map((speaker) => (
        <SpeakerName key={speaker.id} speaker={speaker} locked={locked} onRename={onRename} />
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
