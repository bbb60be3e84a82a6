import { corpusChrF } from '@voxlate/core';
import { ApertiumServer, ApertiumTranslator } from '@voxlate/engines';
import { devSentences } from './eval-translation.js';

/** What restoring accents did on one source language's sentences, written without their marks. */
export interface AccentFigures {
  language: string;
  sentences: number;
  /** Words that lost a mark when the text was written without them. */
  unmarkedWords: number;
  /** Of those, the words the translator did not know without restoration. */
  unknownBefore: number;
  /** Restored to the writer's own spelling, and restored to another. */
  recovered: number;
  wrong: number;
  /** Unknown words still left in the translation. */
  unknownAfter: number;
  /** chrF against the English reference: the text as written with marks, without (restoration off), and restored. */
  chrF: { marked: number; unmarked: number; restored: number };
}

/**
 * Real sentences of the development data (human translations of software messages, Spanish,
 * French and Italian) written without their accents, as many creators type subtitles, and
 * translated into English by Apertium with accent restoration off and on. A restored word is
 * right when it is the sentence's own spelling. Nothing in the restoration was tuned on these
 * sentences (its mark orders are the languages' spelling rules).
 */
export async function accentQuality(count: number): Promise<AccentFigures[]> {
  const server = new ApertiumServer();
  try {
    const before = await ApertiumTranslator.create(server, undefined, { accents: null });
    const after = await ApertiumTranslator.create(server);
    const { header, rows } = devSentences(count);
    const english = header.indexOf('eng');
    const figures: AccentFigures[] = [];
    for (const language of ['spa', 'fra', 'ita']) {
      const column = header.indexOf(language);
      const pair = { source: language as 'spa', target: 'eng' as const };
      const tally: Omit<AccentFigures, 'language' | 'sentences' | 'chrF'> = {
        unmarkedWords: 0,
        unknownBefore: 0,
        recovered: 0,
        wrong: 0,
        unknownAfter: 0,
      };
      const scored = { marked: [] as Pair[], unmarked: [] as Pair[], restored: [] as Pair[] };
      for (const row of rows) {
        const marked = row[column]!;
        const unmarked = withoutMarks(marked);
        const spelling = markedSpellings(marked);
        tally.unmarkedWords += spelling.size;
        const reference = row[english]!;
        const plain = await before.translate({ text: unmarked }, pair, {});
        const restored = await after.translate({ text: unmarked }, pair, {});
        const asMarked = await after.translate({ text: marked }, pair, {});
        tally.unknownBefore += (plain.untranslated ?? []).filter((word) => spelling.has(word.toLowerCase())).length;
        for (const { written, read } of restored.readAs ?? []) {
          if (spelling.get(written.toLowerCase()) === read.toLowerCase()) tally.recovered++;
          else tally.wrong++;
        }
        tally.unknownAfter += (restored.untranslated ?? []).filter((word) => spelling.has(word.toLowerCase())).length;
        scored.marked.push({ reference, hypothesis: asMarked.text });
        scored.unmarked.push({ reference, hypothesis: plain.text });
        scored.restored.push({ reference, hypothesis: restored.text });
      }
      figures.push({
        language,
        sentences: rows.length,
        ...tally,
        chrF: {
          marked: corpusChrF(scored.marked),
          unmarked: corpusChrF(scored.unmarked),
          restored: corpusChrF(scored.restored),
        },
      });
    }
    return figures;
  } finally {
    await server.stop();
  }
}

export function printAccentFigures(figures: readonly AccentFigures[]): void {
  console.log('accents restored before translation (development sentences written without marks, -> English):');
  for (const f of figures) {
    console.log(
      `    ${f.language}  ${f.sentences} sentences, ${f.unmarkedWords} words lost a mark; unknown ${f.unknownBefore} -> ` +
        `${f.unknownAfter}; recovered ${f.recovered}, wrong ${f.wrong}; chrF marked ${f.chrF.marked.toFixed(1)}, ` +
        `unmarked ${f.chrF.unmarked.toFixed(1)}, restored ${f.chrF.restored.toFixed(1)}`,
    );
  }
}

interface Pair {
  reference: string;
  hypothesis: string;
}

/** The text as typed without accents: every combining mark dropped (ñ -> n, ç -> c, é -> e). */
function withoutMarks(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/** Each word of the sentence that has a mark, by its unmarked lower-case spelling. */
function markedSpellings(text: string): Map<string, string> {
  const words = text.toLowerCase().split(/[^\p{L}\p{M}]+/u);
  return new Map(words.filter((word) => withoutMarks(word) !== word).map((word) => [withoutMarks(word), word]));
}
