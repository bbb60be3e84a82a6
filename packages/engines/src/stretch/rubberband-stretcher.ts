import initialiseRubberband from '@echogarden/rubberband-wasm';
import { concatSamples, throwIfAborted, type EngineContext, type PcmAudio, type TimeStretcher } from '@voxlate/core';

type RubberbandModule = Awaited<ReturnType<typeof initialiseRubberband>>;

/** Rubber Band option flags (rubberband-c.h). */
const OPTION_PROCESS_OFFLINE = 0x00000000;
const OPTION_ENGINE_FINER = 0x20000000;
const OPTION_FORMANT_PRESERVED = 0x01000000;

/**
 * Rubber Band (WASM): pitch-preserving time stretch, offline mode (the whole clip is
 * studied first, which gives the best quality for a known clip).
 */
export class RubberbandStretcher implements TimeStretcher {
  readonly id = 'rubberband';
  readonly kind = 'offline' as const;
  readonly name = 'Rubber Band (WASM)';

  private constructor(
    private readonly rb: RubberbandModule,
    private readonly options: number,
  ) {}

  static async create(engine: 'finer' | 'faster' = 'finer'): Promise<RubberbandStretcher> {
    const options = OPTION_PROCESS_OFFLINE | OPTION_FORMANT_PRESERVED | (engine === 'finer' ? OPTION_ENGINE_FINER : 0);
    return new RubberbandStretcher(await initialiseRubberband(), options);
  }

  stretch(audio: PcmAudio, tempo: number, context: EngineContext): Promise<PcmAudio> {
    return new Promise((resolve) => {
      throwIfAborted(context.signal);
      resolve(this.stretchNow(audio, tempo));
    });
  }

  /** Synchronous: the WASM call blocks anyway. */
  private stretchNow(audio: PcmAudio, tempo: number): PcmAudio {
    if (Math.abs(tempo - 1) < 1e-4 || audio.samples.length === 0) return audio;
    const rb = this.rb;
    const state = rb._rubberband_new!(audio.sampleRate, 1, this.options, 1 / tempo, 1);
    const block = Math.max(1024, rb._rubberband_get_samples_required!(state));
    const channelPointers = rb._malloc(4);
    const buffer = rb._malloc(block * 4);
    rb.HEAPU32[channelPointers / 4] = buffer;
    try {
      rb._rubberband_set_expected_input_duration!(state, audio.samples.length);
      this.feed(state, audio.samples, block, buffer, channelPointers, 'study');
      const output: Float32Array[] = [];
      this.feed(state, audio.samples, block, buffer, channelPointers, 'process', output);
      return { samples: concatSamples(output), sampleRate: audio.sampleRate };
    } finally {
      rb._rubberband_delete!(state);
      rb._free(buffer);
      rb._free(channelPointers);
    }
  }

  private feed(
    state: number,
    samples: Float32Array,
    block: number,
    buffer: number,
    channelPointers: number,
    pass: 'study' | 'process',
    output: Float32Array[] = [],
  ): void {
    const rb = this.rb;
    for (let offset = 0; offset < samples.length; offset += block) {
      const chunk = samples.subarray(offset, Math.min(samples.length, offset + block));
      const isFinal = offset + block >= samples.length ? 1 : 0;
      rb.HEAPF32.set(chunk, buffer / 4);
      if (pass === 'study') {
        rb._rubberband_study!(state, channelPointers, chunk.length, isFinal);
        continue;
      }
      rb._rubberband_process!(state, channelPointers, chunk.length, isFinal);
      this.drain(state, block, buffer, channelPointers, output);
    }
    if (pass === 'process') this.drain(state, block, buffer, channelPointers, output);
  }

  private drain(state: number, block: number, buffer: number, channelPointers: number, output: Float32Array[]): void {
    const rb = this.rb;
    for (
      let available = rb._rubberband_available!(state);
      available > 0;
      available = rb._rubberband_available!(state)
    ) {
      const count = rb._rubberband_retrieve!(state, channelPointers, Math.min(available, block));
      output.push(rb.HEAPF32.slice(buffer / 4, buffer / 4 + count));
    }
  }
}
