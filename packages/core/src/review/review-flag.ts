/**
 * Why a line wants a creator's look before publishing:
 * - `unsure-words`: the recogniser was unsure of some words (its own confidence is low);
 * - `untranslated`: source words the translator did not know were left in the dub as they were;
 * - `tempo-cap`: the dubbed line had to be sped up to the highest tempo allowed;
 * - `overflow`: even at that tempo it runs past its slot (later lines were moved back);
 * - `gist`: the translation is a word-by-word dictionary gloss, not fluent speech.
 */
export type ReviewReason = 'unsure-words' | 'untranslated' | 'tempo-cap' | 'overflow' | 'gist';

/** One word a flag is about, with its time in the source (and the recogniser's confidence when it gave one). */
export interface ReviewWord {
  text: string;
  start: number;
  end: number;
  confidence?: number;
}

export interface ReviewFlag {
  reason: ReviewReason;
  words?: ReviewWord[];
}
