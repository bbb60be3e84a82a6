import type { Timeline } from '../timeline.js';
import type { ReviewReason } from './review-flag.js';

const REASON_TEXT: Readonly<Record<ReviewReason, string>> = {
  'unsure-words': 'unsure words',
  untranslated: 'words left untranslated',
  'tempo-cap': 'at the tempo cap',
  overflow: 'longer than their slot',
  gist: 'a word-by-word gist',
  glossary: 'a glossary term not placed',
};

/** "3 of 12 lines want a look (2 unsure words, 1 at the tempo cap)", or that none does. */
export function reviewSummary(timeline: Timeline): string {
  const flagged = timeline.segments.filter((segment) => (segment.review?.length ?? 0) > 0);
  if (flagged.length === 0) return `none of ${timeline.segments.length} lines is flagged for a look`;
  const counts = new Map<ReviewReason, number>();
  for (const segment of flagged) {
    for (const flag of segment.review ?? []) counts.set(flag.reason, (counts.get(flag.reason) ?? 0) + 1);
  }
  const why = [...counts.entries()].map(([reason, count]) => `${REASON_TEXT[reason]}: ${count}`).join(', ');
  const verb = flagged.length === 1 ? 'wants' : 'want';
  return `${flagged.length} of ${timeline.segments.length} lines ${verb} a look (${why})`;
}
