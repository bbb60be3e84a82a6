import type { AudioSource } from '../../audio.js';
import { Internal } from '../../errors.js';
import type { MediaInfo } from '../../media.js';
import type { StageContext } from '../stage-context.js';

export function requireAnalysis(ctx: StageContext): AudioSource {
  if (!ctx.analysis) throw new Internal('The ingest stage has not run: no analysis audio.');
  return ctx.analysis;
}

export function requireInfo(ctx: StageContext): MediaInfo {
  if (!ctx.info) throw new Internal('The ingest stage has not run: no media information.');
  return ctx.info;
}
