import { UnsupportedLanguage } from '../../errors.js';
import type { Recogniser } from '../../engine.js';
import { wordErrorRate } from '../../metrics/word-errors.js';
import { outputDurationOf, placedSpan } from '../../placement.js';
import { fitCheckOf, intelligibilityOf, lineCheck } from '../../review/line-check.js';
import type { Segment } from '../../timeline.js';
import { redoes } from '../redo-lines.js';
import type { StageContext } from '../stage-context.js';

/**
 * Checks each dubbed line itself: heard back by the target language's recogniser (where one is
 * installed) and compared with its text, and how it fits its time. A re-render checks the lines
 * it spoke again; the others keep their check.
 */
export async function checkLines(ctx: StageContext): Promise<void> {
  const { timeline } = ctx;
  const lines = timeline.segments.filter((segment) => segment.dubbed && redoes(ctx.redo, segment));
  for (const segment of timeline.segments) if (redoes(ctx.redo, segment)) delete segment.check;
  if (lines.length === 0) return;
  const heard = await hearBack(ctx, lines);
  const tempoCap = ctx.options.fit.tempoCap;
  for (const [i, segment] of lines.entries()) {
    const recognised = heard?.texts[i];
    segment.check = lineCheck({
      fit: fitCheckOf(segment.fit, tempoCap),
      ...(heard && recognised !== undefined
        ? {
            intelligibility: intelligibilityOf(wordErrorRate(segment.targetText, recognised), recognised, heard.engine),
          }
        : {}),
    });
    ctx.progress('check', i + 1, lines.length);
  }
}

/**
 * The lines as the target language's recogniser hears them, on the dub alone (no background);
 * undefined where no recogniser for the language is installed (the lines are checked without it).
 */
async function hearBack(
  ctx: StageContext,
  lines: readonly Segment[],
): Promise<{ texts: string[]; engine: string } | undefined> {
  const recogniser = await recogniserFor(ctx);
  if (!recogniser) return undefined;
  const placed = await Promise.all(
    lines.map(async (segment) => ({
      audio: await ctx.ports.clips.get(segment.dubbed!),
      at: placedSpan(segment)!.start,
    })),
  );
  const audio = await ctx.ports.media.dubAnalysis(placed, outputDurationOf(ctx.timeline));
  const spans = lines.map((segment) => placedSpan(segment)!);
  const recognised = await recogniser.recognise(audio, spans, ctx.request.targetLanguage, { signal: ctx.signal });
  return { texts: recognised.map((span) => span.text), engine: recogniser.id };
}

async function recogniserFor(ctx: StageContext): Promise<Recogniser | undefined> {
  try {
    return await ctx.ports.engines.recogniser(ctx.request.targetLanguage);
  } catch (error) {
    if (error instanceof UnsupportedLanguage) return undefined;
    throw error;
  }
}
