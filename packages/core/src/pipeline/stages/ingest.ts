import { TooLong } from '../../errors.js';
import type { StageContext } from '../stage-context.js';

/** Probes the input, enforces the duration limit and decodes 16 kHz mono for analysis. */
export async function ingest(ctx: StageContext): Promise<void> {
  const { media } = ctx.ports;
  const info = await media.probe(ctx.request.input, { signal: ctx.signal });
  if (info.durationSeconds > ctx.options.maxDurationSeconds) {
    throw new TooLong(info.durationSeconds, ctx.options.maxDurationSeconds);
  }
  ctx.progress('ingest', 1, 3);
  ctx.info = info;
  ctx.timeline.duration = info.durationSeconds;
  ctx.timeline.sampleRate = info.audio.sampleRate;
  ctx.analysis = await media.decodeForAnalysis(ctx.request.input, info, {
    signal: ctx.signal,
    onProgress: (done, total) => ctx.progress('ingest', 1 + done / total, 2),
  });
}
