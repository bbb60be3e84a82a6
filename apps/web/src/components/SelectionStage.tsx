import { Link } from 'react-router-dom';
import type { Ref } from 'react';
import type { ContentType } from '../lib/validation.js';

const CHOICES: { type: ContentType; title: string; text: string }[] = [
  {
    type: 'audio',
    title: 'Audio Translation',
    text: 'Podcasts, voice-overs and interviews: get the audio back in another language.',
  },
  {
    type: 'video',
    title: 'Video Translation',
    text: 'Replace the speech with a dub in another language. Lip sync starts on; turn it off to keep every frame as it was.',
  },
  { type: 'both', title: 'Video Dubbing & Lip Sync', text: 'Dub the video and move the lips to the new words.' },
];

/** Studio step 1: the three cards. */
export function SelectionStage({
  onChoose,
  headingRef,
}: {
  onChoose: (type: ContentType) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <section className="selection">
      <h1 ref={headingRef} tabIndex={-1}>
        What would you like to translate?
      </h1>
      <div className="cards">
        {CHOICES.map((choice) => (
          <button key={choice.type} type="button" className="card choice" onClick={() => onChoose(choice.type)}>
            <h2>{choice.title}</h2>
            <p>{choice.text}</p>
          </button>
        ))}
      </div>
      <p className="selection-footer">Supports 10+ languages</p>
      <p className="selection-live">
        Speaking live? <Link to="/creator-studio/live">Live translation</Link>: captions and a dub of your voice about
        two seconds behind, and a caption overlay for OBS.
      </p>
    </section>
  );
}
