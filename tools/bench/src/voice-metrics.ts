import { execFileSync } from 'node:child_process';
import { loudestDb, type ProsodyTrack } from '@voxlate/core';
import type { Turn } from './voice-scenes.js';

/** Points a line's contour is resampled to, so lines of any length compare. */
const CONTOUR_POINTS = 50;

export function pearson(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  if (n !== b.length || n < 2) return Number.NaN;
  const ma = a.reduce((x, y) => x + y, 0) / n;
  const mb = b.reduce((x, y) => x + y, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : Number.NaN;
}

/** Spearman's rank correlation (Pearson on ranks, ties sharing their mean rank). */
export function spearman(a: readonly number[], b: readonly number[]): number {
  return pearson(ranks(a), ranks(b));
}

function ranks(values: readonly number[]): number[] {
  const order = values.map((value, i) => ({ value, i })).sort((x, y) => x.value - y.value);
  const out = new Array<number>(values.length);
  for (let k = 0; k < order.length;) {
    let end = k;
    while (end + 1 < order.length && order[end + 1]!.value === order[k]!.value) end++;
    for (let j = k; j <= end; j++) out[order[j]!.i] = (k + end) / 2;
    k = end + 1;
  }
  return out;
}

/** log2 F0 from the first to the last voiced frame, gaps bridged, resampled to 50 points. */
export function pitchContour(track: ProsodyTrack): number[] | undefined {
  const values = Array.from(track.f0Hz, (f0) => (f0 > 0 ? Math.log2(f0) : Number.NaN));
  return resampled(values);
}

/** Level (dB) of the loud frames from the first to the last, smoothed over 200 ms, resampled to 50 points. */
export function levelContour(track: ProsodyTrack): number[] | undefined {
  const loudest = loudestDb(track.energyDb);
  const values = Array.from(track.energyDb, (db) => (db > loudest - 35 ? db : Number.NaN));
  const smoothed = values.map((_, i) => {
    const around = values.slice(Math.max(0, i - 10), i + 11).filter((v) => !Number.isNaN(v));
    return Number.isNaN(values[i]!) ? Number.NaN : around.reduce((x, y) => x + y, 0) / around.length;
  });
  return resampled(smoothed);
}

function resampled(values: number[]): number[] | undefined {
  const first = values.findIndex((v) => !Number.isNaN(v));
  const last = values.findLastIndex((v) => !Number.isNaN(v));
  if (first < 0 || last - first < 10) return undefined;
  const span = values.slice(first, last + 1);
  let previous = span[0]!;
  const bridged = span.map((v) => (Number.isNaN(v) ? previous : (previous = v)));
  return Array.from({ length: CONTOUR_POINTS }, (_, k) => {
    const position = (k * (bridged.length - 1)) / (CONTOUR_POINTS - 1);
    const below = Math.floor(position);
    const above = Math.min(bridged.length - 1, below + 1);
    return bridged[below]! + (bridged[above]! - bridged[below]!) * (position - below);
  });
}

/** Seconds of quiet runs (>= 0.2 s, 30 dB under the peak) between the first and last loud frame. */
export function pauseSeconds(track: ProsodyTrack): number {
  const loudest = loudestDb(track.energyDb);
  const loud = Array.from(track.energyDb, (db) => db > loudest - 30);
  let total = 0;
  let run = 0;
  for (let i = loud.indexOf(true); i >= 0 && i <= loud.lastIndexOf(true); i++) {
    if (loud[i]) {
      if (run * track.hopSeconds >= 0.2) total += run * track.hopSeconds;
      run = 0;
    } else run++;
  }
  return total;
}

/**
 * Diarization error rate over 10 ms frames: (missed + false + confused speaker time) / speech
 * time in the truth, under the best one-to-one mapping of found speakers to true ones.
 */
export function diarisationErrorRate(truth: readonly Turn[], found: readonly Turn[]): number {
  const step = 0.01;
  const end = Math.max(...truth.map((t) => t.end), ...found.map((t) => t.end));
  const who = (turns: readonly Turn[], at: number): string | undefined =>
    turns.find((t) => t.start <= at && at < t.end)?.speaker;
  const trueSpeakers = [...new Set(truth.map((t) => t.speaker))];
  const foundSpeakers = [...new Set(found.map((t) => t.speaker))];
  let best = Infinity;
  for (const mapping of mappings(foundSpeakers, trueSpeakers)) {
    let errors = 0;
    let speech = 0;
    for (let at = 0; at < end; at += step) {
      const t = who(truth, at);
      const f = who(found, at);
      if (t !== undefined) speech++;
      if (t === undefined && f === undefined) continue;
      if (t === undefined || f === undefined || mapping.get(f) !== t) errors++;
    }
    best = Math.min(best, errors / Math.max(1, speech));
  }
  return best;
}

/** Every one-to-one assignment of found labels to true ones (unmatched found labels map to nothing). */
function* mappings(found: readonly string[], truth: readonly string[]): Generator<Map<string, string>> {
  if (found.length === 0) {
    yield new Map();
    return;
  }
  const [first, ...rest] = found;
  for (const option of [...truth, undefined]) {
    for (const tail of mappings(rest, option === undefined ? truth : truth.filter((t) => t !== option))) {
      const mapping = new Map(tail);
      if (option !== undefined) mapping.set(first!, option);
      yield mapping;
    }
  }
}

/** The mean, NaN for none. */
export function mean(values: readonly number[]): number {
  return values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
}

/** A file's audio decoded to 16 kHz mono float samples. */
export function decode16k(path: string): Float32Array {
  const bytes = execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-ac', '1', '-ar', '16000', '-f', 'f32le', '-'], {
    maxBuffer: 1 << 30,
  });
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4).slice();
}
