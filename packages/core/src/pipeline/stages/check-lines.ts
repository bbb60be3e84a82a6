import { concatSamples, durationOf, type AudioSource } from '../../audio.js';
import { UnsupportedLanguage } from '../../errors.js';
import type { SpeakerLikeness } from '../../voice/speaker-likeness.js';
import type { Recogniser } from '../../engine.js';
import { wordErrorRate } from '../../metrics/word-errors.js';
import { outputDurationOf, placedSpan } from '../../placement.js';
import { fitCheckOf, intelligibilityOf, likenessOf, lineCheck } from '../../review/line-check.js';
import type { Segment } from '../../timeline.js';
import { redoes } from '../redo-lines.js';
import type { StageContext } from '../stage-context.js';

/** Seconds of a speaker's own speech their voice is measured on (enough for a stable embedding). */
const OWN_VOICE_SECONDS = 15;

/**
 * Checks each dubbed line itself: heard back by the target language's recogniser (where one is
 * installed) and compared with its text, how it fits its time, and how alike it sounds to its
 * speaker (where a speaker-likeness model is installed). A re-render checks the lines
 * it spoke again; the others keep their check.
 */
export async function checkLines(ctx: StageContext): Promise<void> {
  const { timeline } = ctx;
  const lines = timeline.segments.filter((segment) => segment.dubbed && redoes(ctx.redo, segment));
  for (const segment of timeline.segments) if (redoes(ctx.redo, segment)) delete segment.check;
  if (lines.length === 0) return;
  const heard = await hearBack(ctx, lines);
  const likeness = await likenessMeter(ctx);
  const tempoCap = ctx.options.fit.tempoCap;
  for (const [i, segment] of lines.entries()) {
    const recognised = heard?.texts[i];
    const alike = likeness ? await likeness(segment) : undefined;
    segment.check = lineCheck({
      fit: fitCheckOf(segment.fit, tempoCap),
      ...(alike ? { likeness: alike } : {}),
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
  const placed = lines.map((segment) => ({
    audio: () => ctx.ports.clips.get(segment.dubbed!),
    at: placedSpan(segment)!.start,
  }));
  const audio = await ctx.ports.media.dubAnalysis(placed, outputDurationOf(ctx.timeline));
  const spans = lines.map((segment) => placedSpan(segment)!);
  const recognised = await recogniser.recognise(audio, spans, ctx.request.targetLanguage, { signal: ctx.signal });
  return { texts: recognised.map((span) => span.text), engine: recogniser.id };
}

/**
 * How alike each dubbed line sounds to its speaker's own voice (their speech in this media, up
 * to 15 s of their longest lines), where a speaker-likeness model is installed; a speaker given a
 * saved voice is not compared with this media's (they are meant to sound like the saved one).
 */
async function likenessMeter(
  ctx: StageContext,
): Promise<((segment: Segment) => Promise<ReturnType<typeof likenessOf> | undefined>) | undefined> {
  const model = await ctx.ports.engines.speakerLikeness();
  const analysis = ctx.analysis;
  if (!model || !analysis) return undefined;
  const voices = new Map<string, Float32Array | undefined>();
  const voiceOf = async (speaker: string): Promise<Float32Array | undefined> => {
    if (!voices.has(speaker)) voices.set(speaker, await ownVoice(ctx, model, analysis, speaker));
    return voices.get(speaker);
  };
  return async (segment) => {
    const speaker = segment.speaker ?? 'S1';
    if (ctx.timeline.speakers?.find((known) => known.speaker === speaker)?.savedVoice) return undefined;
    const own = await voiceOf(speaker);
    const dubbed = await ctx.ports.clips.get(segment.dubbed!);
    if (!own || durationOf(dubbed) < model.minSeconds) return undefined;
    return likenessOf(model.similarity(own, model.embed(dubbed)), model.id);
  };
}

/** A speaker's embedding from their longest lines in the source (up to OWN_VOICE_SECONDS). */
async function ownVoice(
  ctx: StageContext,
  model: SpeakerLikeness,
  analysis: AudioSource,
  speaker: string,
): Promise<Float32Array | undefined> {
  const theirs = ctx.timeline.segments
    .filter((segment) => (segment.speaker ?? 'S1') === speaker)
    .sort((a, b) => b.end - b.start - (a.end - a.start));
  const parts: Float32Array[] = [];
  let seconds = 0;
  for (const segment of theirs) {
    if (seconds >= OWN_VOICE_SECONDS) break;
    parts.push(await analysis.read(segment.start, segment.end));
    seconds += segment.end - segment.start;
  }
  if (seconds < model.minSeconds) return undefined;
  return model.embed({ samples: concatSamples(parts), sampleRate: analysis.sampleRate });
}

async function recogniserFor(ctx: StageContext): Promise<Recogniser | undefined> {
  try {
    return await ctx.ports.engines.recogniser(ctx.request.targetLanguage);
  } catch (error) {
    if (error instanceof UnsupportedLanguage) return undefined;
    throw error;
  }
}
