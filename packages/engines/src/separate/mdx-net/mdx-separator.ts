import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  EngineUnavailable,
  throwIfAborted,
  type EngineContext,
  type PcmFile,
  type SeparatedAudio,
  type Separator,
} from '@voxlate/core';
import { catalogModel, type ModelManager } from '@voxlate/models';
import ort, { type InferenceSession } from '../../neural/onnx-runtime.js';
import { SessionCache } from '../../neural/session-cache.js';
import { PcmFileReader, PcmFileWriter } from '../pcm-file-io.js';
import { chunkSamples, trimSamples, type MdxGeometry } from './mdx-geometry.js';
import { MDX_MODELS } from './mdx-models.js';
import { RealFft } from './real-fft.js';
import { Spectrogram } from './spectrogram.js';

interface LoadedMdx {
  session: InferenceSession;
  fft: RealFft;
}

/**
 * An MDX-Net separator of the UVR family on ONNX Runtime: the mix is cut into chunks of dim_t
 * STFT frames (about 6 s at 44.1 kHz), each chunk's spectrogram goes through the network, which
 * predicts its primary stem; the other stem is the mix minus it. Chunks overlap by n_fft/2 on
 * each side and those edges are dropped, so no seam falls where the STFT is unreliable. Memory
 * holds one chunk, whatever the length of the input.
 */
export class MdxSeparator implements Separator {
  readonly kind = 'neural' as const;
  readonly sampleRate = 44100;
  readonly channels = 2;
  private readonly loaded = new SessionCache<'model', LoadedMdx>(async ({ session, fft }) => {
    fft.dispose();
    await session.release();
  });

  private constructor(
    readonly id: string,
    readonly name: string,
    private readonly modelPath: string,
    private readonly geometry: MdxGeometry,
  ) {}

  static create(manager: ModelManager, modelId: string): MdxSeparator {
    const model = catalogModel(modelId);
    const mdx = MDX_MODELS[modelId];
    if (!model || !mdx) throw new EngineUnavailable(`"${modelId}" is not an MDX-Net model of the catalog.`);
    return new MdxSeparator(modelId, mdx.name, join(manager.folderOf(model), mdx.file), mdx.geometry);
  }

  async separate(
    input: PcmFile,
    outputs: { voice: string; background: string },
    context: EngineContext,
  ): Promise<SeparatedAudio> {
    throwIfAborted(context.signal);
    if (input.sampleRate !== this.sampleRate || input.channels !== this.channels)
      throw new EngineUnavailable(
        `${this.name} takes ${this.sampleRate} Hz stereo, not ${input.sampleRate} Hz x ${input.channels}.`,
      );
    const { session, fft } = await this.load();
    const spectrogram = new Spectrogram(this.geometry, fft);
    const reader = await PcmFileReader.open(input);
    const voice = await PcmFileWriter.create(outputs.voice, input.sampleRate, input.channels);
    const background = await PcmFileWriter.create(outputs.background, input.sampleRate, input.channels);
    try {
      const length = chunkSamples(this.geometry);
      const trim = trimSamples(this.geometry);
      const keep = length - 2 * trim;
      const chunks = Math.ceil(input.frames / keep);
      for (let k = 0; k < chunks; k++) {
        throwIfAborted(context.signal);
        const start = k * keep;
        const count = Math.min(keep, input.frames - start);
        const mix = await reader.read(start - trim, length);
        const predicted = spectrogram.inverse(await this.run(session, spectrogram.forward(mix)), input.channels);
        const stems = splitStems(mix, predicted, { from: trim, count, geometry: this.geometry });
        await voice.append(stems.voice, count);
        await background.append(stems.background, count);
        context.onProgress?.(k + 1, chunks);
      }
    } finally {
      await Promise.all([reader.close(), voice.close(), background.close()]);
    }
    return { voice: voice.written(), background: background.written() };
  }

  close(): Promise<void> {
    return this.loaded.close();
  }

  private async run(session: InferenceSession, spectrum: Float32Array): Promise<Float32Array> {
    const { dimF, dimT } = this.geometry;
    const feeds = { [session.inputNames[0]!]: new ort.Tensor('float32', spectrum, [1, 4, dimF, dimT]) };
    const results = await session.run(feeds);
    return results[session.outputNames[0]!]!.data as Float32Array;
  }

  private load(): Promise<LoadedMdx> {
    return this.loaded.get('model', async () => {
      const [session, fft] = await Promise.all([
        ort.InferenceSession.create(this.modelPath, {
          intraOpNumThreads: availableParallelism(),
          graphOptimizationLevel: 'all',
        }),
        RealFft.create(this.geometry.nFft),
      ]);
      return { session, fft };
    });
  }
}

/**
 * The kept middle of a chunk as voice and background: the network's stem (with UVR's level
 * compensation) and the mix minus it, so the two always add up to the original.
 */
function splitStems(
  mix: readonly Float32Array[],
  predicted: readonly Float32Array[],
  span: { from: number; count: number; geometry: MdxGeometry },
): { voice: Float32Array[]; background: Float32Array[] } {
  const { from, count, geometry } = span;
  const primary = predicted.map((channel) => channel.slice(from, from + count).map((v) => v * geometry.compensate));
  const rest = mix.map((channel, c) => channel.slice(from, from + count).map((v, i) => v - primary[c]![i]!));
  return geometry.primary === 'vocals' ? { voice: primary, background: rest } : { voice: rest, background: primary };
}
