import type { TranslationRequest } from '../../engine.js';
import { LANGUAGES } from '../../languages.js';
import type { Segment } from '../../timeline.js';
import { retranslates } from '../redo-lines.js';
import type { StageContext } from '../stage-context.js';
import { recordEngine } from '../../engines-used.js';
import type { MemoryMatch } from '../../memory/translation-memory.js';
import { termsFor } from '../../glossary/glossary.js';
import { protectTerms, restoreTerms } from '../../glossary/protect-terms.js';
import { copiedWords, isAcronym, untranslatedCopies } from '../../review/copied-words.js';

/**
 * Translates segment by segment, giving each the previous segment (and its translation) as
 * context and the time its speech may take, so length-aware engines can pick a shorter variant.
 * A line a creator corrected before (the translation memory, the same line after normalising)
 * takes their translation instead; an alike one gets theirs as a suggestion beside it. Glossary
 * terms are protected through the engine (a placeholder goes in, the glossary's term comes out);
 * a line whose term the engine lost is flagged for review.
 */
export async function translate(ctx: StageContext): Promise<void> {
  const { timeline, request } = ctx;
  const pair = { source: timeline.sourceLanguage, target: request.targetLanguage };
  const translator = await ctx.ports.engines.translator(pair, request.engines?.mt);
  recordEngine(timeline, 'translation', translator, translator.qualityFor(pair));
  const segments = timeline.segments;
  const terms = termsFor(request.glossary, pair);
  for (const [i, segment] of segments.entries()) {
    if (!retranslates(ctx.redo, segment)) continue;
    const remembered = await ctx.ports.memory?.match(pair, segment.sourceText);
    if (remembered) segment.memory = memoryField(remembered);
    else delete segment.memory;
    if (remembered?.kind === 'exact') {
      fromMemory(segment, remembered.line.target);
      ctx.emit({ type: 'segment-ready', stage: 'translate', segment });
      ctx.progress('translate', i + 1, segments.length);
      continue;
    }
    // Glossary terms go through as placeholders, and come out as the glossary says.
    const shielded = protectTerms(segment.sourceText, terms, pair);
    const translation = await translator.translate(
      { ...translationRequest(ctx, segments, i), text: shielded.text },
      pair,
      { signal: ctx.signal },
    );
    const placed = restoreTerms(translation.text, shielded.placed);
    if (placed.missed.length > 0) segment.glossaryMissed = placed.missed;
    else delete segment.glossaryMissed;
    segment.targetText = placed.text;
    segment.quality = translation.quality;
    segment.engines.mt = translator.id;
    segment.mtRoute = translation.route;
    if (translation.shortened) segment.shortened = true;
    else delete segment.shortened;
    // The engine's own marks (Apertium's unknown words), and any source word copied into the
    // line that is not a word of the target language, whatever the engine.
    const copied = copiedWords(
      segment.sourceText,
      segment.targetText,
      terms.map((term) => term.source),
    );
    const left = await untranslatedCopies(copied, pair.target, ctx.ports.lexicon);
    const untranslated = uniqueWords([...(translation.untranslated ?? []), ...left]).filter((word) => !isAcronym(word));
    if (untranslated.length > 0) segment.untranslated = untranslated;
    else delete segment.untranslated;
    if (translation.readAs) segment.readAs = translation.readAs;
    else delete segment.readAs;
    ctx.emit({ type: 'segment-ready', stage: 'translate', segment });
    ctx.progress('translate', i + 1, segments.length);
  }
  if (segments.some((segment) => segment.quality === 'gist')) {
    ctx.warn(
      'translate',
      `No machine translation is installed for ${LANGUAGES[pair.source].name} to ${LANGUAGES[pair.target].name}: ` +
        'the translation is a word-by-word dictionary gist, not fluent speech.',
    );
  }
}

/** Each word once, whatever its case (the first spelling kept). */
function uniqueWords(words: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const word of words) if (!seen.has(word.toLowerCase())) seen.set(word.toLowerCase(), word);
  return [...seen.values()];
}

/** The creator's own translation of this line from an earlier project: no engine needed. */
function fromMemory(segment: Segment, target: string): void {
  segment.targetText = target;
  delete segment.glossaryMissed;
  segment.quality = 'full';
  segment.engines.mt = 'memory';
  delete segment.mtRoute;
  delete segment.shortened;
  delete segment.untranslated;
  delete segment.readAs;
}

function memoryField(match: MemoryMatch): NonNullable<Segment['memory']> {
  return {
    kind: match.kind,
    source: match.line.source,
    target: match.line.target,
    similarity: Math.round(match.similarity * 100) / 100,
  };
}

function translationRequest(ctx: StageContext, segments: readonly Segment[], i: number): TranslationRequest {
  const segment = segments[i]!;
  const previous = segments[i - 1];
  const slotEnd = segments[i + 1]?.start ?? Math.max(ctx.timeline.duration, segment.end);
  const { tempoCap, minGapSeconds } = ctx.options.fit;
  return {
    text: segment.sourceText,
    maxSeconds: Math.max(0, slotEnd - segment.start - minGapSeconds) * tempoCap,
    ...(previous ? { previous: previous.sourceText, previousTranslation: previous.targetText } : {}),
  };
}
