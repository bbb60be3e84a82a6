import type { ProsodyTrack } from './voice-types.js';

/**
 * Beyond this many semitones from the pitch a synthesiser was asked for, a frame of its speech
 * is read an octave off, not spoken there: a line's intonation swings a few semitones around its
 * median, and an engine set to a pitch keeps its median there. Vocoded voices (RHVoice moved
 * down) have strong even harmonics that YIN takes for the period now and then.
 */
const OCTAVE_ERROR_SEMITONES = 8;

/**
 * The track of synthesised speech with its octave errors folded toward the pitch the engine was
 * asked for: frames more than `OCTAVE_ERROR_SEMITONES` away are halved or doubled when that
 * brings them nearer. Shaping reads where the pitch periods are from this track, so a frame read
 * an octave up would be shifted an octave down.
 */
export function foldTowardAsked(track: ProsodyTrack, askedHz: number): ProsodyTrack {
  const f0Hz = track.f0Hz.map((hz) => {
    if (!(hz > 0)) return hz;
    const off = 12 * Math.log2(hz / askedHz);
    if (off > OCTAVE_ERROR_SEMITONES) return hz / 2;
    if (off < -OCTAVE_ERROR_SEMITONES) return hz * 2;
    return hz;
  });
  return { ...track, f0Hz };
}
