import { NoSpeech } from '../../errors.js';
import type { StageContext } from '../stage-context.js';
import { detectSourceLanguage } from './detect-language.js';
import { requireAnalysis } from './require.js';
import { recordEngine } from '../../engines-used.js';
import { languageDoubtWarning, languageFitOf, speechMayBeElsewhere } from '../../review/language-doubt.js';

/**
 * Settles the source language ('auto' is detected), then fills each segment's source text and
 * word timings; drops segments where nothing was heard.
 */
export async function recognise(ctx: StageContext): Promise<void> {
  const { timeline, request } = ctx;
  await detectSourceLanguage(ctx);
  const recogniser = await ctx.ports.engines.recogniser(timeline.sourceLanguage, request.engines?.asr);
  recordEngine(timeline, 'recognition', recogniser);
  const results = await recogniser.recognise(requireAnalysis(ctx), timeline.segments, timeline.sourceLanguage, {
    signal: ctx.signal,
    onProgress: (done, total) => ctx.progress('recognise', done, total),
    warn: (message) => ctx.warn('recognise', message),
  });
  timeline.segments.forEach((segment, i) => {
    const result = results[i];
    segment.sourceText = result?.text.trim() ?? '';
    segment.words = result?.words ?? [];
    segment.engines.asr = recogniser.id;
  });
  timeline.segments = timeline.segments
    .filter((segment) => segment.sourceText !== '')
    .map((segment, id) => ({ ...segment, id }));
  if (timeline.segments.length === 0) {
    throw new NoSpeech('Speech was detected but no words were recognised.');
  }
  // Recognised as the wrong language, every line would be flagged: one warning says why instead.
  const fit = languageFitOf(timeline.segments);
  if (fit && speechMayBeElsewhere(fit)) {
    timeline.languageDoubt = { meanConfidence: Math.round(fit.meanConfidence * 100) / 100, words: fit.words };
    ctx.warn('recognise', languageDoubtWarning(timeline.sourceLanguage, fit));
  } else delete timeline.languageDoubt;
}
