import type { EngineContext } from '../engine-info.js';
import type { Translator } from '../engine.js';
import { termsFor, type Glossary } from '../glossary/glossary.js';
import { protectTerms, restoreTerms } from '../glossary/protect-terms.js';
import type { LanguageCode } from '../languages.js';
import type { TranslationMemoryPort } from '../memory/translation-memory.js';
import type { TranslationQuality } from '../timeline.js';

/** A text to publish beside a dub (a title, a description), in another language, and how it was made. */
export interface TranslatedText {
  text: string;
  /** 'gist' where any paragraph was a word-by-word dictionary gloss: to be checked before it is published. */
  quality: TranslationQuality;
  /** Paragraphs taken as the creator corrected them before (the translation memory). */
  fromMemory: number;
  /** Glossary terms the engine lost (the text keeps the engine's words there). */
  glossaryMissed: string[];
}

/**
 * Translates a text as a dub's lines are translated: paragraph by paragraph (so a description
 * keeps its layout and each piece stays within what an engine handles well), a paragraph the
 * creator corrected before taken from the memory, glossary terms protected through the engine.
 */
export async function translateText(
  text: string,
  pair: { source: LanguageCode; target: LanguageCode },
  by: { translator: Translator; glossary?: Glossary; memory?: TranslationMemoryPort },
  context: EngineContext = {},
): Promise<TranslatedText> {
  const terms = termsFor(by.glossary, pair);
  const result: TranslatedText = { text: '', quality: 'full', fromMemory: 0, glossaryMissed: [] };
  const pieces: string[] = [];
  // Paragraph breaks (and the line breaks of a list) are kept as they are.
  for (const piece of text.split(/(\n+)/)) {
    if (piece.trim() === '' || /^\n+$/.test(piece)) {
      pieces.push(piece);
      continue;
    }
    const remembered = await by.memory?.match(pair, piece);
    if (remembered?.kind === 'exact') {
      pieces.push(remembered.line.target);
      result.fromMemory++;
      continue;
    }
    const shielded = protectTerms(piece, terms, pair);
    const translation = await by.translator.translate({ text: shielded.text }, pair, context);
    const placed = restoreTerms(translation.text, shielded.placed);
    pieces.push(placed.text);
    result.glossaryMissed.push(...placed.missed);
    if (translation.quality === 'gist') result.quality = 'gist';
  }
  return { ...result, text: pieces.join('') };
}
