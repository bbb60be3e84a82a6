import initialiseFvad from '@echogarden/fvad-wasm';
import {
  concatSamples,
  Internal,
  throwIfAborted,
  type AudioSource,
  type EngineContext,
  type SpeechFrames,
  type VoiceActivityDetector,
} from '@voxlate/core';

const FRAME_SECONDS = 0.03;
const SAMPLE_RATE = 16000;
const FRAME_SAMPLES = FRAME_SECONDS * SAMPLE_RATE;

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
    if (audio.sampleRate !== SAMPLE_RATE) {
      throw new Internal(`The VAD needs ${SAMPLE_RATE} Hz audio, got ${audio.sampleRate} Hz.`);
    }
    const totalFrames = Math.floor((audio.duration * SAMPLE_RATE) / FRAME_SAMPLES);
    const speech = new Uint8Array(totalFrames);
    const instance = this.fvad._fvad_new!();
    const buffer = this.fvad._malloc(FRAME_SAMPLES * 2);
    try {
      this.fvad._fvad_set_mode!(instance, this.mode);
      this.fvad._fvad_set_sample_rate!(instance, SAMPLE_RATE);
      let frame = 0;
      let pending = new Float32Array(0);
      for await (const chunk of audio.chunks(10)) {
        throwIfAborted(context.signal);
        const samples = pending.length === 0 ? chunk : concatSamples([pending, chunk]);
        let offset = 0;
        for (; offset + FRAME_SAMPLES <= samples.length && frame < totalFrames; offset += FRAME_SAMPLES) {
          speech[frame++] = this.classify(instance, buffer, samples.subarray(offset, offset + FRAME_SAMPLES));
        }
        context.onProgress?.(frame, totalFrames);
        // Audio past the declared length is not read: carrying it over would copy an ever-growing
        // remainder on every chunk (quadratic in the excess).
        if (frame >= totalFrames) break;
        pending = samples.slice(offset);
      }
      return { frameSeconds: FRAME_SECONDS, speech: speech.subarray(0, frame) };
    } finally {
      this.fvad._free(buffer);
      this.fvad._fvad_free!(instance);
    }
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
