import { Internal } from '../../errors.js';
import type { Separator } from '../../separation.js';
import type { StageContext } from '../stage-context.js';
import { partOfMedia } from '../part-of-media.js';
import { requireInfo } from './require.js';
import { recordEngine } from '../../engines-used.js';

/**
 * The separator to run, or why none runs; then the mix ducks the original under the dub, and
 * the Timeline says so.
 */
export async function chooseSeparator(ctx: StageContext): Promise<Separator | string> {
  if (ctx.options.separation === 'off') return ducked(ctx, 'separation was turned off');
  const separator = await ctx.ports.engines.separator(ctx.request.engines?.separate);
  if (separator) recordEngine(ctx.timeline, 'separation', separator);
  return separator ?? ducked(ctx, 'no voice/background separator is installed (npm run models -- add mdx-kim-vocal-2)');
}

/** No separator: the original is ducked (or silenced, when the creator chose so) where its voice speaks. */
function ducked(ctx: StageContext, reason: string): string {
  ctx.timeline.background =
    ctx.choices.originalSpeech === 'remove'
      ? { method: 'removed', reason }
      : { method: 'ducked', duckDb: ctx.options.mix.duckDb, reason };
  return reason;
}

/**
 * Takes the voice out of the original, so the mix can lay the dub over the music and ambience
 * at their own level: decodes the audio in the separator's format, separates it to two files in
 * the job's folder and keeps the background for the mix.
 */
export async function separate(ctx: StageContext): Promise<void> {
  const info = requireInfo(ctx);
  const separator = ctx.separator;
  if (!separator) throw new Internal('The separate stage runs only with a separator chosen.');
  const format = { sampleRate: separator.sampleRate, channels: separator.channels };
  const mixed = await ctx.ports.media.decodeForSeparation(ctx.request.input, info, format, {
    signal: ctx.signal,
    onProgress: (done, total) => ctx.progress('separate', (DECODE_SHARE * done) / total, 1),
  });
  const folder = mixed.path.slice(0, mixed.path.lastIndexOf('/') + 1);
  const stems = await separator.separate(
    mixed,
    { voice: `${folder}separated-voice.f32le`, background: `${folder}separated-background.f32le` },
    {
      signal: ctx.signal,
      onProgress: (done, total) => ctx.progress('separate', DECODE_SHARE + ((1 - DECODE_SHARE) * done) / total, 1),
    },
  );
  // A dub of part of the file: around the part, the "background" is the original itself.
  const part = partOfMedia(ctx.choices.timing.part, ctx.timeline.duration);
  if (part) await ctx.ports.media.keepOriginalOutside(stems.background, mixed, part.span);
  ctx.background = stems.background;
  ctx.voiceStem = stems.voice;
  ctx.timeline.background = { method: 'separated', engine: separator.id };
}

/** Share of the stage spent decoding (the network takes the rest). */
const DECODE_SHARE = 0.05;
