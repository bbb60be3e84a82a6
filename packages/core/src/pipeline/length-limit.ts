import { TooLong } from '../errors.js';

/**
 * How far past the length limit a file may run and still be within it: encoders pad the last
 * frame (a 30:00.000 AAC file counts 1800.011 s of packets).
 */
export const DURATION_GRACE_SECONDS = 0.5;

/**
 * The length limit, on what a file declares and, once known, on what it really holds: a header
 * can claim 5 s for hours of audio. Throws TooLong naming the limit (and the header's claim).
 */
export function requireWithinLength(maxSeconds: number, declaredSeconds: number, measuredSeconds?: number): void {
  if (declaredSeconds > maxSeconds) throw new TooLong(declaredSeconds, maxSeconds);
  if (measuredSeconds !== undefined && measuredSeconds > maxSeconds + DURATION_GRACE_SECONDS) {
    throw TooLong.pastDeclared(declaredSeconds, maxSeconds);
  }
}
