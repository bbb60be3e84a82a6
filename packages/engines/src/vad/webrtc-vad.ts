import initialiseFvad from '@echogarden/fvad-wasm';
import { ANALYSIS_RATE, forEachFrame, framesIn } from './fixed-frames.js';
import { liveFrames } from './live-frames.js';
import {
  type AudioSource,
  type EngineContext,
  type SpeechFrames,
  type VoiceActivityDetector,
  type VoiceFrameStream,
} from '@voxlate/core';

/** Frees a live stream's detector state in the WASM heap once the stream is no longer used. */
const liveStreams = new FinalizationRegistry<() => void>((free) => free());

const FRAME_SECONDS = 0.03;
const FRAME_SAMPLES = FRAME_SECONDS * ANALYSIS_RATE;

type FvadModule = Awaited<ReturnType<typeof initialiseFvad>>;

/**
 * WebRTC's voice activity detector (libfvad compiled to WASM), on 30 ms frames of the
 * 16 kHz analysis audio, streamed chunk by chunk.
 */
export class WebRtcVad implements VoiceActivityDetector {
  readonly id = 'webrtc-vad';
  readonly kind = 'offline' as const;
  readonly name = 'WebRTC VAD (libfvad)';

  private constructor(
    private readonly fvad: FvadModule,
    /** 0 (least aggressive) to 3: higher rejects more non-speech. */
    private readonly mode: number,
  ) {}

  static async create(mode = 2): Promise<WebRtcVad> {
    return new WebRtcVad(await initialiseFvad(), mode);
  }

  async detect(audio: AudioSource, context: EngineContext): Promise<SpeechFrames> {
    const speech = new Uint8Array(framesIn(audio, FRAME_SAMPLES));
    const instance = this.fvad._fvad_new!();
    const buffer = this.fvad._malloc(FRAME_SAMPLES * 2);
    try {
      this.fvad._fvad_set_mode!(instance, this.mode);
      this.fvad._fvad_set_sample_rate!(instance, ANALYSIS_RATE);
      const seen = await forEachFrame(audio, FRAME_SAMPLES, context, (samples, index) => {
        speech[index] = this.classify(instance, buffer, samples);
      });
      return { frameSeconds: FRAME_SECONDS, speech: speech.subarray(0, seen) };
    } finally {
      this.fvad._free(buffer);
      this.fvad._fvad_free!(instance);
    }
  }

  /** Judges a live stream frame by frame; the detector's state is freed when the stream is garbage. */
  openStream(): VoiceFrameStream {
    const instance = this.fvad._fvad_new!();
    this.fvad._fvad_set_mode!(instance, this.mode);
    this.fvad._fvad_set_sample_rate!(instance, ANALYSIS_RATE);
    const buffer = this.fvad._malloc(FRAME_SAMPLES * 2);
    const stream = liveFrames(FRAME_SAMPLES, (frame) => this.classify(instance, buffer, frame) === 1);
    liveStreams.register(stream, () => {
      this.fvad._free(buffer);
      this.fvad._fvad_free!(instance);
    });
    return stream;
  }

  private classify(instance: number, buffer: number, samples: Float32Array): number {
    const heap = this.fvad.HEAP16;
    const base = buffer / 2;
    for (let i = 0; i < samples.length; i++) {
      heap[base + i] = Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32768)));
    }
    return this.fvad._fvad_process!(instance, buffer, samples.length) === 1 ? 1 : 0;
  }
}
