import { InterSamplePeaks } from './inter-sample-peaks.js';

/**
 * The peaks between samples are looked for at the midpoint of each sample interval: the limiter
 * works as if at twice the rate, as ffmpeg's alimiter did behind `aresample` before it (the
 * headroom under the true-peak ceiling takes what a finer look would add).
 */
const OVERSAMPLING = 2;
/** The share of the held gain at which a recovering gain is taken as back (0.01 dB under it). */
const RECOVERED = 0.999;

export interface LimiterSettings {
  sampleRate: number;
  channels: number;
  /** The linear gain applied before limiting (the loudness gain and any make-up). */
  gain: number;
  /** The largest magnitude let through, linear. */
  ceiling: number;
  /** Look-ahead and fade-in of a gain reduction. */
  attackSeconds: number;
  /** How fast the gain recovers once the peak has passed (time constant). */
  releaseSeconds: number;
}

/**
 * A look-ahead peak limiter that also sees the peaks between samples: a gain, then the gain
 * lowered ahead of every (inter-sample) peak over the ceiling, so nothing passes it. The gain
 * wanted at each frame is held at its minimum over the attack time, released slowly, and
 * averaged over the attack time: the average never exceeds what the frame it is applied to
 * needs, and it falls smoothly instead of clipping. The signal comes out delayed by the
 * look-ahead inside, but `process` and `flush` together give back exactly the frames that
 * went in, in place: output frame n is input frame n, limited.
 */
export class PeakLimiter {
  private readonly detector: InterSamplePeaks;
  private readonly attack: number;
  private readonly release: number;
  /** Frames of the signal waiting for their gain, interleaved, the first being frame `pendingFrom`. */
  private pending = new Float32Array(0);
  private pendingFrom = 0;
  /** Frames whose wanted gain has been worked out. */
  private seen = 0;
  /** The running minimum of the wanted gain over the attack: a ring of (frame, gain), gains rising. */
  private readonly minFrame: Float64Array;
  private readonly minGain: Float64Array;
  private minHead = 0;
  private minSize = 0;
  private released = 1;
  /** Frames in a row the released gain has been exactly 1: from `attack` on, the limiter is at rest. */
  private restFrames = 0;
  /** The last `attack` released gains, and their sum (the moving average's). */
  private readonly recent: Float64Array;
  private recentSum: number;

  constructor(private readonly settings: LimiterSettings) {
    this.detector = PeakLimiter.detector(settings.channels);
    this.attack = Math.max(1, Math.round(settings.attackSeconds * settings.sampleRate));
    this.release = Math.exp(-1 / Math.max(1, settings.releaseSeconds * settings.sampleRate));
    this.minFrame = new Float64Array(this.attack + 1);
    this.minGain = new Float64Array(this.attack + 1);
    this.recent = new Float64Array(this.attack).fill(1);
    this.recentSum = this.attack;
  }

  /** A peak detector of the kind the limiter uses, to share between limiters fed the same signal. */
  static detector(channels: number): InterSamplePeaks {
    return new InterSamplePeaks(channels, OVERSAMPLING);
  }

  /** The level below which this limiter need not know a frame's peak exactly (the detector's `level`). */
  get level(): number {
    return this.settings.ceiling / this.settings.gain;
  }

  /** Limits one interleaved chunk; gives back the frames now ready (fewer at first, see `flush`). */
  process(chunk: Float32Array): Float32Array {
    return this.processPeaked(chunk, this.detector.push(chunk, this.level));
  }

  /** The frames still held back, now that the stream has ended. */
  flush(): Float32Array {
    return this.flushPeaked(this.detector.flush(this.level));
  }

  /** `process` with the peaks worked out by a shared detector (pushed with a level no higher than this one's). */
  processPeaked(chunk: Float32Array, peaks: Float32Array): Float32Array {
    const joined = new Float32Array(this.pending.length + chunk.length);
    joined.set(this.pending);
    joined.set(chunk, this.pending.length);
    this.pending = joined;
    return this.limit(peaks, 0);
  }

  /** `flush` with the shared detector's last peaks. */
  flushPeaked(peaks: Float32Array): Float32Array {
    return this.limit(peaks, this.attack - 1);
  }

  /**
   * Runs the gain computer over frames with known peaks and applies each gain to the frame it
   * protects, `attack - 1` frames back; at the end (`quietAfter`) the frames after the last are
   * taken as quiet so the last gains come out.
   */
  private limit(peaks: Float32Array, quietAfter: number): Float32Array {
    const { channels, gain } = this.settings;
    const lag = this.attack - 1;
    const steps = peaks.length + quietAfter;
    const firstOut = Math.max(0, this.seen - lag);
    const out = new Float32Array(Math.max(0, this.seen + steps - lag - firstOut) * channels);
    let written = 0;
    for (let i = 0; i < steps; i++) {
      const run = this.restFrames >= this.attack && i < peaks.length ? this.quietRun(peaks, i) : 0;
      if (run > 0) {
        // At rest: every frame up to the next one over the ceiling just takes the gain.
        written = this.applyGain(out, written, this.seen - lag, run);
        this.seen += run;
        this.restFrames += run;
        this.stayAtRest(this.seen - 1);
        i += run - 1;
        continue;
      }
      const smoothed = this.nextGain(i < peaks.length ? peaks[i]! : 0);
      const target = this.seen - lag;
      this.seen += 1;
      if (target < 0) continue;
      const from = (target - this.pendingFrom) * channels;
      const scale = gain * smoothed;
      for (let c = 0; c < channels; c++) out[written++] = this.pending[from + c]! * scale;
    }
    const done = Math.max(0, this.seen - lag);
    this.pending = this.pending.slice((done - this.pendingFrom) * channels);
    this.pendingFrom = done;
    return out;
  }

  /** How many frames from `from` on stay under the ceiling at the gain. */
  private quietRun(peaks: Float32Array, from: number): number {
    const under = this.settings.ceiling / this.settings.gain;
    let end = from;
    while (end < peaks.length && peaks[end]! <= under) end++;
    return end - from;
  }

  /** Frames `target` .. `target + count` of the signal times the plain gain, written from `written`. */
  private applyGain(out: Float32Array, written: number, target: number, count: number): number {
    const { channels, gain } = this.settings;
    const first = Math.max(0, target);
    const last = target + count;
    if (last <= first) return written;
    const from = (first - this.pendingFrom) * channels;
    const length = (last - first) * channels;
    for (let k = 0; k < length; k++) out[written + k] = this.pending[from + k]! * gain;
    return written + length;
  }

  /** The next frame's gain: wanted, held at the minimum over the attack, released, averaged. */
  private nextGain(peak: number): number {
    const { ceiling, gain } = this.settings;
    const level = peak * gain;
    const wanted = level > ceiling ? ceiling / level : 1;
    const frame = this.seen;
    if (wanted === 1 && this.restFrames >= this.attack) return this.stayAtRest(frame);
    const size = this.minGain.length;
    // Drop the gains behind the new one that are no lower (they can never be the minimum again).
    while (this.minSize > 0 && this.minGain[(this.minHead + this.minSize - 1) % size]! >= wanted) this.minSize--;
    const tail = (this.minHead + this.minSize) % size;
    this.minGain[tail] = wanted;
    this.minFrame[tail] = frame;
    this.minSize++;
    // Drop the front once it has left the attack window.
    while (this.minFrame[this.minHead]! <= frame - this.attack) {
      this.minHead = (this.minHead + 1) % size;
      this.minSize--;
    }
    const held = this.minGain[this.minHead]!;
    this.released = held < this.released ? held : held - (held - this.released) * this.release;
    // A recovery within 0.01 dB is complete (nobody hears the step): the limiter can come to rest.
    if (this.released > held * RECOVERED) this.released = held;
    this.restFrames = this.released === 1 ? this.restFrames + 1 : 0;
    const slot = frame % this.attack;
    this.recentSum += this.released - this.recent[slot]!;
    this.recent[slot] = this.released;
    // At rest every gain in the average is 1: its sum is set exactly, so no rounding builds up.
    if (this.restFrames === this.attack) this.recentSum = this.attack;
    return this.recentSum / this.attack;
  }

  /** Nothing over the ceiling in the window and the gain fully back: unity, with the state kept true. */
  private stayAtRest(frame: number): number {
    this.minHead = 0;
    this.minSize = 1;
    this.minGain[0] = 1;
    this.minFrame[0] = frame;
    this.restFrames++;
    return 1;
  }
}
