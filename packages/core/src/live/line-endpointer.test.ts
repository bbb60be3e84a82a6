import { describe, expect, it } from 'vitest';
import { LineEndpointer, type LiveLineSpan, type VoiceFrame } from './line-endpointer.js';

const FRAME = 0.03;

/** Frames from a script of [seconds, speech?, level dB] stretches, 30 ms each. */
function frames(script: readonly (readonly [number, boolean, number?])[]): VoiceFrame[] {
  const out: VoiceFrame[] = [];
  let at = 0;
  for (const [seconds, speech, energyDb] of script) {
    for (let k = 0; k < Math.round(seconds / FRAME); k++) {
      out.push({ start: at, seconds: FRAME, speech, energyDb: energyDb ?? (speech ? -20 : -60) });
      at += FRAME;
    }
  }
  return out;
}

function run(script: readonly (readonly [number, boolean, number?])[]): LiveLineSpan[] {
  const endpointer = new LineEndpointer();
  return [...frames(script).flatMap((frame) => endpointer.push(frame)), ...endpointer.finish()];
}

describe('LineEndpointer', () => {
  it('ends a line at a pause, padded a little either side, and closes the last at the end', () => {
    const lines = run([
      [0.6, false],
      [1.5, true],
      [0.6, false],
      [2.1, true],
      [0.2, false],
    ]);
    expect(lines.map((line) => line.closedBy)).toEqual(['pause', 'end']);
    expect(lines[0]!.start).toBeCloseTo(0.45, 2);
    expect(lines[0]!.end).toBeCloseTo(2.25, 2);
    expect(lines[1]!.start).toBeCloseTo(2.55, 2);
    expect(lines[1]!.end).toBeCloseTo(4.95, 2);
  });

  it('does not split a sentence at a breath shorter than the pause', () => {
    const lines = run([
      [1.2, true],
      [0.3, false],
      [1.2, true],
      [0.6, false],
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.closedBy).toBe('pause');
  });

  it('cuts a speaker who never pauses at the quietest moment near the limit, losing nothing between lines', () => {
    // 20 s of speech whose level dips (between words) every 0.9 s, never below the speech threshold.
    const script: [number, boolean, number][] = [];
    for (let word = 0; word < 22; word++) script.push([0.78, true, -20], [0.12, true, -34]);
    const lines = run(script);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line.end - line.start).toBeLessThanOrEqual(8 + 1e-9);
    for (const [i, line] of lines.entries()) {
      if (i > 0) expect(line.start).toBeCloseTo(lines[i - 1]!.end, 9);
      // Every cut for length lands in a dip (0.78-0.90 s of every 0.9 s), not inside a word.
      if (line.closedBy === 'length') expect((line.end + 1e-6) % 0.9).toBeGreaterThanOrEqual(0.78);
    }
    expect(lines[0]!.start).toBe(0);
    expect(lines.at(-1)!.end).toBeCloseTo(19.8, 1);
  });

  it('makes no line of a click, and says which line is open for partial captions', () => {
    expect(
      run([
        [0.5, false],
        [0.09, true],
        [1, false],
      ]),
    ).toEqual([]);
    const endpointer = new LineEndpointer();
    for (const frame of frames([
      [0.3, false],
      [0.6, true],
    ]))
      endpointer.push(frame);
    expect(endpointer.open?.start).toBeCloseTo(0.15, 2);
    expect(endpointer.open?.end).toBeCloseTo(0.9, 2);
  });
});
