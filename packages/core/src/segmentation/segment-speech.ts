/** Voice activity per fixed-length frame: 1 where the frame holds speech. */
export interface SpeechFrames {
  frameSeconds: number;
  speech: Uint8Array;
}

export interface TimeSpan {
  start: number;
  end: number;
}

export interface SegmentationOptions {
  /** Pauses shorter than this stay inside an utterance. */
  mergePauseSeconds: number;
  /** Speech bursts shorter than this are treated as noise. */
  minSpeechSeconds: number;
  /** Utterances shorter than this are joined to a close neighbour when possible. */
  minSegmentSeconds: number;
  maxSegmentSeconds: number;
  /** Neighbours further apart than this are never joined. */
  maxJoinGapSeconds: number;
  /** Context kept around each utterance so word edges are not clipped. */
  paddingSeconds: number;
}

export const DEFAULT_SEGMENTATION: SegmentationOptions = {
  mergePauseSeconds: 0.35,
  minSpeechSeconds: 0.2,
  minSegmentSeconds: 1,
  maxSegmentSeconds: 15,
  maxJoinGapSeconds: 1,
  paddingSeconds: 0.1,
};

/** Frame index ranges [start, end) of speech. */
interface FrameRun {
  start: number;
  end: number;
}

/**
 * Turns frame-level voice activity into utterances of about 1-15 s, split at pauses.
 * Pure: the same frames always give the same spans.
 */
export function segmentSpeech(
  frames: SpeechFrames,
  durationSeconds: number,
  options: SegmentationOptions = DEFAULT_SEGMENTATION,
): TimeSpan[] {
  const toFrames = (seconds: number): number => Math.round(seconds / frames.frameSeconds);
  const runs = mergeCloseRuns(speechRuns(frames.speech), toFrames(options.mergePauseSeconds))
    .filter((run) => run.end - run.start >= toFrames(options.minSpeechSeconds))
    .flatMap((run) => splitLongRun(run, frames.speech, toFrames(options.maxSegmentSeconds)));
  const joined = joinShortRuns(runs, {
    minFrames: toFrames(options.minSegmentSeconds),
    maxFrames: toFrames(options.maxSegmentSeconds),
    maxGapFrames: toFrames(options.maxJoinGapSeconds),
  });
  const spans = joined.map((run) => ({
    start: run.start * frames.frameSeconds,
    end: run.end * frames.frameSeconds,
  }));
  return padSpans(spans, options.paddingSeconds, durationSeconds);
}

export function speechRuns(speech: Uint8Array): FrameRun[] {
  const runs: FrameRun[] = [];
  let start = -1;
  for (let i = 0; i < speech.length; i++) {
    if (speech[i] && start < 0) start = i;
    if (!speech[i] && start >= 0) {
      runs.push({ start, end: i });
      start = -1;
    }
  }
  if (start >= 0) runs.push({ start, end: speech.length });
  return runs;
}

function mergeCloseRuns(runs: FrameRun[], maxPauseFrames: number): FrameRun[] {
  const merged: FrameRun[] = [];
  for (const run of runs) {
    const last = merged.at(-1);
    if (last && run.start - last.end <= maxPauseFrames) last.end = run.end;
    else merged.push({ ...run });
  }
  return merged;
}

/** Splits a run longer than maxFrames at its longest inner pause, recursively. */
function splitLongRun(run: FrameRun, speech: Uint8Array, maxFrames: number): FrameRun[] {
  if (run.end - run.start <= maxFrames) return [run];
  const cut = bestCutFrame(run, speech);
  return [
    ...splitLongRun({ start: run.start, end: cut.pauseStart }, speech, maxFrames),
    ...splitLongRun({ start: cut.pauseEnd, end: run.end }, speech, maxFrames),
  ];
}

/** The longest pause inside the run (ties go to the one nearest the middle); the middle if none. */
function bestCutFrame(run: FrameRun, speech: Uint8Array): { pauseStart: number; pauseEnd: number } {
  const middle = (run.start + run.end) / 2;
  let best: { pauseStart: number; pauseEnd: number } | undefined;
  const inner = speechRuns(speech.subarray(run.start, run.end)).map((r) => ({
    start: r.start + run.start,
    end: r.end + run.start,
  }));
  for (let i = 1; i < inner.length; i++) {
    const pause = { pauseStart: inner[i - 1]!.end, pauseEnd: inner[i]!.start };
    if (!best || isBetterPause(pause, best, middle)) best = pause;
  }
  if (best) return best;
  const mid = Math.round(middle);
  return { pauseStart: mid, pauseEnd: mid };
}

function isBetterPause(
  candidate: { pauseStart: number; pauseEnd: number },
  best: { pauseStart: number; pauseEnd: number },
  middle: number,
): boolean {
  const length = candidate.pauseEnd - candidate.pauseStart;
  const bestLength = best.pauseEnd - best.pauseStart;
  if (length !== bestLength) return length > bestLength;
  const distance = Math.abs((candidate.pauseStart + candidate.pauseEnd) / 2 - middle);
  return distance < Math.abs((best.pauseStart + best.pauseEnd) / 2 - middle);
}

function joinShortRuns(
  runs: FrameRun[],
  limits: { minFrames: number; maxFrames: number; maxGapFrames: number },
): FrameRun[] {
  const result = runs.map((run) => ({ ...run }));
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < result.length; i++) {
      const run = result[i]!;
      if (run.end - run.start >= limits.minFrames) continue;
      const neighbour = closestJoinableNeighbour(result, i, limits);
      if (neighbour === undefined) continue;
      const [a, b] = neighbour < i ? [neighbour, i] : [i, neighbour];
      result.splice(a, 2, { start: result[a]!.start, end: result[b]!.end });
      changed = true;
      break;
    }
  }
  return result;
}

function closestJoinableNeighbour(
  runs: FrameRun[],
  index: number,
  limits: { maxFrames: number; maxGapFrames: number },
): number | undefined {
  const run = runs[index]!;
  const candidates = [index - 1, index + 1].filter((j) => {
    const other = runs[j];
    if (!other) return false;
    const gap = j < index ? run.start - other.end : other.start - run.end;
    const joinedLength = Math.max(run.end, other.end) - Math.min(run.start, other.start);
    return gap <= limits.maxGapFrames && joinedLength <= limits.maxFrames;
  });
  const gapTo = (j: number): number => (j < index ? run.start - runs[j]!.end : runs[j]!.start - run.end);
  return candidates.sort((a, b) => gapTo(a) - gapTo(b))[0];
}

/** Widens spans by the padding without crossing a neighbour's midpoint or the media bounds. */
function padSpans(spans: TimeSpan[], padding: number, duration: number): TimeSpan[] {
  return spans.map((span, i) => {
    const previous = spans[i - 1];
    const next = spans[i + 1];
    const lowest = previous ? (previous.end + span.start) / 2 : 0;
    const highest = next ? (span.end + next.start) / 2 : duration;
    return {
      start: round3(Math.max(lowest, span.start - padding)),
      end: round3(Math.min(highest, span.end + padding)),
    };
  });
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
