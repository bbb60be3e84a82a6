import { whenAborted } from '../../when-aborted.js';
import { requireWithinLength } from '../length-limit.js';
import type { StageContext } from '../stage-context.js';

/**
 * Probes the input, enforces the duration limit and decodes 16 kHz mono for analysis. The limit
 * is checked twice: on the declared duration, then on the audio really decoded (which stops
 * just past the limit), because a header can claim 5 s for a file that holds hours. The decode
 * starts with the probe; when the probe refuses the file, the decode is stopped and waited for,
 * and the probe's answer is the one given.
 */
export async function ingest(ctx: StageContext): Promise<void> {
  const { media } = ctx.ports;
  const maxSeconds = ctx.options.maxDurationSeconds;
  const decodeStop = new AbortController();
  const stopForwarding = whenAborted(ctx.signal, () => decodeStop.abort());
  const probing = media.probe(ctx.request.input, { signal: ctx.signal });
  const decoding = media.decodeForAnalysis(ctx.request.input, probing, maxSeconds, {
    signal: decodeStop.signal,
    onProgress: (done, total) => ctx.progress('ingest', 1 + done / total, 2),
  });
  // Its failure is answered below, after the probe's: not an unhandled rejection meanwhile.
  decoding.catch(() => undefined);
  try {
    const declared = await probing.then((info) => {
      requireWithinLength(maxSeconds, info.durationSeconds);
      return info;
    });
    ctx.progress('ingest', 1, 3);
    const analysis = await decoding;
    requireWithinLength(maxSeconds, declared.durationSeconds, analysis.duration);
    // A truncated file declares more than it holds (the mix pads to the declared length, keeping
    // audio and picture aligned); a lying one holds more than it declares: the longer one is real.
    const info = { ...declared, durationSeconds: Math.max(declared.durationSeconds, analysis.duration) };
    ctx.info = info;
    ctx.analysis = analysis;
    ctx.timeline.duration = info.durationSeconds;
    ctx.timeline.sampleRate = info.audio.sampleRate;
  } catch (error) {
    decodeStop.abort();
    await decoding.catch(() => undefined);
    throw error;
  } finally {
    stopForwarding();
  }
}
