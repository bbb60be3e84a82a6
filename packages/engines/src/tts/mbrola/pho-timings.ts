import type { PhonemeTiming } from '@voxlate/core';

/**
 * The phonemes of an MBROLA `.pho` file as timings: one phoneme a line, `name duration-ms
 * [position pitch]...`, ';' starting a comment. The names are the voice's SAMPA, which the lip
 * sync's viseme table reads as eSpeak mnemonics (the two agree on nearly every symbol); "_" is a
 * pause, as in eSpeak. `timeRatio` is what mbrola's `-t` stretched every duration by.
 */
export function phoTimings(pho: string, timeRatio = 1): PhonemeTiming[] {
  const timings: PhonemeTiming[] = [];
  let start = 0;
  for (const line of pho.split('\n')) {
    const [name, duration] = line.split(';')[0]!.trim().split(/\s+/);
    const ms = Number(duration);
    if (!name || !Number.isFinite(ms) || ms <= 0) continue;
    const end = start + (ms * timeRatio) / 1000;
    timings.push({ phoneme: name, start: round3(start), end: round3(end) });
    start = end;
  }
  return timings;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
