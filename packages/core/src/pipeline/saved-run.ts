import type { AudioSource } from '../audio.js';
import type { MediaInfo, OutputContainer } from '../media.js';
import type { PcmFile } from '../separation.js';
import type { Timeline } from '../timeline.js';
import type { ProsodyTrack } from '../voice/voice-types.js';

/** Where the analysis audio lives on disk (the media layer reopens it). */
export interface SavedAudio {
  path: string;
  sampleRate: number;
  duration: number;
}

/** One source line's pitch and level track, its arrays as base64 of their float32 bytes. */
interface SavedTrack {
  id: number;
  hopSeconds: number;
  f0Hz: string;
  energyDb: string;
}

/** The parts of a run's context that are saved and put back (the StageContext has them). */
export interface RunState {
  timeline: Timeline;
  info?: MediaInfo;
  analysis?: AudioSource;
  background?: PcmFile;
  voiceStem?: PcmFile;
  voiceWork: { sourceTracks: Map<number, ProsodyTrack> };
}

/**
 * Everything a run knows after a stage, as plain JSON: enough to go on from the next stage in
 * another process (after a crash) or to re-render edited lines without redoing the rest. Files
 * (analysis audio, background, clips) are named, not copied: they stay in the job's folder.
 */
export interface SavedRun {
  timeline: Timeline;
  info?: MediaInfo;
  analysis?: SavedAudio;
  background?: PcmFile;
  /** The separated voice: cloned voices are taken from it again when edited lines are re-dubbed. */
  voiceStem?: PcmFile;
  sourceTracks: SavedTrack[];
  container?: OutputContainer;
  stageSeconds: Partial<Record<string, number>>;
}

/** A copy of the run's state (later stages change the Timeline in place: the copy does not move). */
export function saveRun(
  ctx: RunState,
  extra: { container?: OutputContainer; stageSeconds: Partial<Record<string, number>> },
): SavedRun {
  const { analysis } = ctx;
  return structuredClone({
    timeline: ctx.timeline,
    ...(ctx.info ? { info: ctx.info } : {}),
    ...(analysis
      ? { analysis: { path: analysis.path, sampleRate: analysis.sampleRate, duration: analysis.duration } }
      : {}),
    ...(ctx.background ? { background: ctx.background } : {}),
    ...(ctx.voiceStem ? { voiceStem: ctx.voiceStem } : {}),
    sourceTracks: [...ctx.voiceWork.sourceTracks].map(([id, track]) => ({
      id,
      hopSeconds: track.hopSeconds,
      f0Hz: floatsToBase64(track.f0Hz),
      energyDb: floatsToBase64(track.energyDb),
    })),
    ...(extra.container ? { container: extra.container } : {}),
    stageSeconds: extra.stageSeconds,
  });
}

/** Puts a saved state back into the run's context; `openAudio` reopens the analysis audio file. */
export function restoreRun(ctx: RunState, saved: SavedRun, openAudio: (saved: SavedAudio) => AudioSource): void {
  const copy = structuredClone(saved);
  Object.assign(ctx.timeline, copy.timeline);
  if (copy.info) ctx.info = copy.info;
  if (copy.analysis) ctx.analysis = openAudio(copy.analysis);
  if (copy.background) ctx.background = copy.background;
  if (copy.voiceStem) ctx.voiceStem = copy.voiceStem;
  ctx.voiceWork.sourceTracks = new Map(copy.sourceTracks.map((track) => [track.id, trackOf(track)]));
}

function trackOf(saved: SavedTrack): ProsodyTrack {
  return { hopSeconds: saved.hopSeconds, f0Hz: base64ToFloats(saved.f0Hz), energyDb: base64ToFloats(saved.energyDb) };
}

function floatsToBase64(values: Float32Array): string {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');
}

function base64ToFloats(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  // Copied into a buffer of its own: Buffer.from may return a slice of a shared pool, unaligned.
  const floats = new Float32Array(bytes.byteLength / 4);
  new Uint8Array(floats.buffer).set(bytes);
  return floats;
}
