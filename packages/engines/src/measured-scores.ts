import { readFile } from 'node:fs/promises';

/** Where `npm run eval` leaves its scores, in the models folder. */
export const SCORES_FILE = 'engine-scores.json';

/** Quality measured on this machine by `npm run eval`: translation chrF per pair ("eng→spa") per engine. */
export interface MeasuredScores {
  measuredAt?: string;
  translation: Record<string, Record<string, number>>;
}

export const NO_SCORES: MeasuredScores = { translation: {} };

/** The scores file, or none when it is missing or unreadable (ranks then decide). */
export async function readMeasuredScores(path: string): Promise<MeasuredScores> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<MeasuredScores>;
    return { ...NO_SCORES, ...parsed, translation: parsed.translation ?? {} };
  } catch {
    return NO_SCORES;
  }
}

export function pairKey(source: string, target: string): string {
  return `${source}→${target}`;
}
