import { readFileSync } from 'node:fs';
import { corpusChrF, isLanguageCode, type LanguagePair } from '@voxlate/core';
import { pairKey, type EngineRegistries } from '@voxlate/engines';

export const MT_DEV = new URL('../../../../shared/data/mt-dev/ui-messages-10way.tsv', import.meta.url);

export interface TranslationScore {
  engine: string;
  pair: string;
  sentences: number;
  chrF: number;
  secondsPerSentence: number;
}

/** Every n-th row of the development data, so a small sample still spans the whole file. */
export function devSentences(count: number): { header: string[]; rows: string[][] } {
  const [headerLine, ...lines] = readFileSync(MT_DEV, 'utf8').trim().split('\n');
  const step = Math.max(1, Math.floor(lines.length / count));
  const rows = lines.filter((_, i) => i % step === 0).slice(0, count);
  return { header: headerLine!.split('\t'), rows: rows.map((line) => line.split('\t')) };
}

/**
 * chrF of every installed translator on English -> each target of the development data (human
 * translations of software messages: a regression and comparison figure, not spoken-language
 * quality). Segments are translated one by one with the previous one as context, as in a dub.
 */
export async function evaluateTranslators(registries: EngineRegistries, count: number): Promise<TranslationScore[]> {
  const { header, rows } = devSentences(count);
  const scores: TranslationScore[] = [];
  for (const id of await registries.mt.installedIds()) {
    const translator = await registries.mt.get(id);
    for (const [column, code] of header.entries()) {
      if (code === 'eng' || !isLanguageCode(code)) continue;
      const pair: LanguagePair = { source: 'eng', target: code };
      if (translator.qualityFor(pair) === undefined) continue;
      const pairs: { reference: string; hypothesis: string }[] = [];
      const started = performance.now();
      let previous: { text: string; translation: string } | undefined;
      for (const row of rows) {
        const text = row[0]!;
        const request = previous
          ? { text, previous: previous.text, previousTranslation: previous.translation }
          : { text };
        const { text: hypothesis } = await translator.translate(request, pair, {});
        pairs.push({ reference: row[column]!, hypothesis });
        previous = { text, translation: hypothesis };
      }
      scores.push({
        engine: id,
        pair: pairKey(pair.source, pair.target),
        sentences: rows.length,
        chrF: corpusChrF(pairs),
        secondsPerSentence: (performance.now() - started) / 1000 / rows.length,
      });
    }
  }
  return scores;
}
