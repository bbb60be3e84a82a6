import { durationOf } from '../../audio.js';
import type { StageContext } from '../stage-context.js';

/** Speaks each translated segment and keeps its phoneme timings. */
export async function synthesise(ctx: StageContext): Promise<void> {
  const { timeline, request } = ctx;
  const synthesiser = await ctx.ports.engines.synthesiser(request.targetLanguage, request.engines?.tts);
  const segments = timeline.segments;
  for (const [i, segment] of segments.entries()) {
    if (segment.targetText.trim() !== '') {
      const speech = await synthesiser.synthesise(segment.targetText, request.targetLanguage, {
        signal: ctx.signal,
      });
      if (durationOf(speech.audio) > 0) {
        segment.speech = await ctx.ports.clips.put(`speech-${segment.id}`, speech.audio);
        segment.phonemes = speech.phonemes;
      }
      segment.engines.tts = synthesiser.id;
    }
    ctx.progress('synthesise', i + 1, segments.length);
  }
}
