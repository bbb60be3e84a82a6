import type { JobLine } from '../lib/jobs-api.js';

/**
 * The words of the original written without their accents that the translation read with them
 * ("vacias" as "vacías"), so a creator can see what was guessed: the original keeps its spelling,
 * and a wrong guess ("perchè" for "perché") is fixed by writing the accent in the original.
 */
export function ReadAsNote({ line }: { line: Pick<JobLine, 'read_as'> }) {
  const words = line.read_as ?? [];
  if (words.length === 0) return null;
  return (
    <p
      className="read-as"
      title="Written without accents: the translation read these words with them. If one is not the word meant, write it with its accent here."
    >
      Translated as {words.map((word) => `${word.written} → ${word.read}`).join(', ')}
    </p>
  );
}
