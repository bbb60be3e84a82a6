import { assignSpeakers } from '../../voice/assign-speakers.js';
import type { StageContext } from '../stage-context.js';
import { requireAnalysis } from './require.js';
import { recordEngine } from '../../engines-used.js';

/**
 * Who speaks when: every segment gets a speaker (S1, S2, ...), and a segment in which the
 * speaker changes is cut there (unless its text came from subtitles and cannot be cut).
 */
export async function diarise(ctx: StageContext): Promise<void> {
  const { timeline, request } = ctx;
  const { speakers } = ctx.choices.voice;
  const diariser = await ctx.ports.engines.diariser(request.engines?.diarise);
  recordEngine(ctx.timeline, 'speakers', diariser);
  const turns = await diariser.diarise(
    requireAnalysis(ctx),
    timeline.segments,
    speakers === undefined ? {} : { speakers },
    { signal: ctx.signal, onProgress: (done, total) => ctx.progress('diarise', done, total) },
  );
  timeline.segments = assignSpeakers(timeline.segments, turns, request.transcript === undefined);
  timeline.diariser = diariser.id;
}
