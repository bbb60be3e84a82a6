import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { BadInput } from '../errors.js';
import { isLanguageCode, LANGUAGE_CODES, type LanguageCode } from '../languages.js';
import type { Glossary, GlossaryTerm } from './glossary.js';

/** The most terms one glossary takes (a channel's names and terms, not a dictionary). */
export const MAX_GLOSSARY_TERMS = 2000;
const KEEP = 'keep';
/** A column of how the term is spoken in one target: `say:eng`. */
const SAY = /^say:([a-z]{3})$/;
const YES = new Set(['yes', 'y', 'true', '1', 'x', 'keep']);

/**
 * A glossary from CSV: a header naming the source language first, then an optional `keep`
 * column, then one column per target language (ISO 639-3), optionally columns of how the term
 * is spoken in a target (`say:eng`, a respelling), and a row per term:
 *
 *     eng,keep,spa,fra,say:spa
 *     Voxlate,yes,,,bócsleit
 *     channel,,canal,chaîne,
 *
 * Throws BadInput naming the row and column of the first mistake.
 */
export function parseGlossaryCsv(csv: string): Glossary {
  let rows: string[][];
  try {
    rows = parse(csv.replace(/^\uFEFF/u, ''), { skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw new BadInput(`The glossary is not valid CSV: ${(error as Error).message}`);
  }
  const [header, ...body] = rows;
  if (!header || header.length === 0) throw new BadInput('The glossary is empty: its first row names the languages.');
  const columns = header.map((name) => name.toLowerCase());
  const sourceLanguage = columns[0]!;
  if (!isLanguageCode(sourceLanguage)) {
    throw new BadInput(
      `The glossary's first column must be named by its source language (one of ${LANGUAGE_CODES.join(', ')}), got "${header[0]}".`,
    );
  }
  for (const [i, name] of columns.entries()) {
    if (i > 0 && name !== KEEP && !isLanguageCode(name) && !isLanguageCode(SAY.exec(name)?.[1] ?? '')) {
      throw new BadInput(
        `Glossary column ${i + 1} is "${header[i]}": columns are "keep", language codes (${LANGUAGE_CODES.join(', ')}) ` +
          'or "say:" and a language code (how the term is spoken in it, such as say:eng).',
      );
    }
  }
  if (body.length > MAX_GLOSSARY_TERMS) {
    throw new BadInput(`The glossary has ${body.length} terms: at most ${MAX_GLOSSARY_TERMS} are accepted.`);
  }
  const terms = body.map((row, i) => termOf(row, columns, i + 2)).filter((term) => term.source !== '');
  return { sourceLanguage, terms };
}

function termOf(row: string[], columns: readonly string[], line: number): GlossaryTerm {
  const targets: Partial<Record<LanguageCode, string>> = {};
  const sayAs: Partial<Record<LanguageCode, string>> = {};
  let keep = false;
  for (const [i, value] of row.entries()) {
    const column = columns[i];
    if (i === 0 || value === '' || column === undefined) continue;
    const said = SAY.exec(column)?.[1];
    if (column === KEEP) keep = YES.has(value.toLowerCase());
    else if (isLanguageCode(column)) targets[column] = value;
    else if (said !== undefined && isLanguageCode(said)) sayAs[said] = value;
  }
  const source = row[0] ?? '';
  if (source !== '' && !keep && Object.keys(targets).length === 0) {
    throw new BadInput(
      `Glossary row ${line} ("${source}") has neither a translation nor "keep": give one or the other.`,
    );
  }
  const term = {
    source,
    ...(keep ? { keep: true } : {}),
    targets,
    ...(Object.keys(sayAs).length > 0 ? { sayAs } : {}),
  };
  requireSpokenForms(term, `Glossary row ${line}`);
  return term;
}

/**
 * A term says how it is spoken only in languages it has a form in (kept, or translated): a
 * respelling of nothing would be ignored in silence. `where` names the row or item in the refusal.
 */
export function requireSpokenForms(term: GlossaryTerm, where: string): void {
  for (const language of Object.keys(term.sayAs ?? {}) as LanguageCode[]) {
    if (!term.keep && term.targets[language] === undefined) {
      throw new BadInput(
        `${where} ("${term.source}") says how it is spoken in ${language} (say:${language}) but gives it no ` +
          `${language} translation and is not kept: give one or the other.`,
      );
    }
  }
}

/** The glossary as CSV in the same form (every target language any term names, in the product's order). */
export function glossaryToCsv(glossary: Glossary): string {
  const languages = LANGUAGE_CODES.filter((code) => glossary.terms.some((term) => term.targets[code] !== undefined));
  const said = LANGUAGE_CODES.filter((code) => glossary.terms.some((term) => term.sayAs?.[code] !== undefined));
  const rows = glossary.terms.map((term) => [
    term.source,
    term.keep ? 'yes' : '',
    ...languages.map((code) => term.targets[code] ?? ''),
    ...said.map((code) => term.sayAs?.[code] ?? ''),
  ]);
  return stringify([[glossary.sourceLanguage, KEEP, ...languages, ...said.map((code) => `say:${code}`)], ...rows]);
}
