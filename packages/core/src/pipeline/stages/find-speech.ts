import { NoSpeech } from '../../errors.js';
import { segmentSpeech } from '../../segmentation/segment-speech.js';
import { droppedCuesWarning, sourceCues } from '../../subtitles/source-cues.js';
import type { Segment } from '../../timeline.js';
import type { StageContext } from '../stage-context.js';
import { linesInPart, partOfMedia, partWarnings } from '../part-of-media.js';
import { requireAnalysis } from './require.js';
import { recordEngine } from '../../engines-used.js';

/**
 * Splits the source into segments: from the subtitle cues when a transcript was given,
 * else from voice activity; with a part asked for, only the lines inside it.
 */
export async function findSpeech(ctx: StageContext): Promise<void> {
  const transcript = ctx.request.transcript;
  const found = transcript !== undefined ? segmentsFromCues(transcript, ctx) : await segmentsFromVoice(ctx);
  const part = partOfMedia(ctx.choices.timing.part, ctx.timeline.duration);
  if (part) {
    const { lines, cut } = linesInPart(found, part.span);
    for (const warning of partWarnings(part.span, part.clipped, cut)) ctx.warn('segment', warning);
    if (lines.length === 0 && found.length > 0) {
      throw new NoSpeech('No speech found in the part to dub: choose a start and end around some speech.');
    }
    ctx.timeline.segments = lines;
  } else ctx.timeline.segments = found;
  if (ctx.timeline.segments.length === 0) throw new NoSpeech();
}

function segmentsFromCues(transcript: string, ctx: StageContext): Segment[] {
  const duration = ctx.timeline.duration;
  const { cues, droppedAfterEnd } = sourceCues(transcript, duration);
  if (droppedAfterEnd > 0) ctx.warn('segment', droppedCuesWarning(droppedAfterEnd, duration));
  return cues.map((cue, id) => emptySegment(id, cue.start, cue.end, cue.text));
}

async function segmentsFromVoice(ctx: StageContext): Promise<Segment[]> {
  const analysis = requireAnalysis(ctx);
  const detector = await ctx.ports.engines.voiceActivity();
  recordEngine(ctx.timeline, 'speech detection', detector);
  const frames = await detector.detect(analysis, {
    signal: ctx.signal,
    onProgress: (done, total) => ctx.progress('segment', done, total),
  });
  const spans = segmentSpeech(frames, analysis.duration, ctx.options.segmentation);
  return spans.map((span, id) => emptySegment(id, span.start, span.end, ''));
}

function emptySegment(id: number, start: number, end: number, sourceText: string): Segment {
  return { id, start, end, sourceText, words: [], targetText: '', quality: 'full', engines: {} };
}
