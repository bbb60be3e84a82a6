import type { ReviewFlag, ReviewReason } from '@voxlate/contract';

const REASON_LABEL: Readonly<Record<ReviewReason, string>> = {
  'unsure-words': 'Unsure words',
  untranslated: 'Left untranslated',
  'tempo-cap': 'Sped up to the cap',
  overflow: 'Runs past its slot',
  gist: 'Word-by-word gist',
  glossary: 'Glossary term not placed',
};

/** Why a line wants a look, as short notes; the words concerned named after the reason. */
export function ReviewNotes({ flags }: { flags: readonly ReviewFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <ul className="review-notes" aria-label="Check this line">
      {flags.map((flag) => (
        <li key={flag.reason} className={`review-note ${flag.reason}`}>
          {REASON_LABEL[flag.reason]}
          {flag.words && flag.words.length > 0 && `: ${flag.words.map((word) => word.text).join(', ')}`}
        </li>
      ))}
    </ul>
  );
}

/**
 * The recognised text with the words the recogniser was unsure of highlighted (what to listen
 * for when playing the original); undefined when the line has none.
 */
export function HeardText({ text, flags }: { text: string; flags: readonly ReviewFlag[] }) {
  const unsure = new Set(
    flags.flatMap((flag) => (flag.reason === 'unsure-words' ? (flag.words ?? []) : [])).map((word) => word.text),
  );
  if (unsure.size === 0) return null;
  return (
    <p className="heard-text" aria-label="Recognised text, unsure words marked">
      {text.split(/(\s+)/u).map((part, i) =>
        unsure.has(part.toLowerCase()) || unsure.has(part) ? (
          <mark key={i} title="The recogniser was unsure of this word: listen to the original">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </p>
  );
}
