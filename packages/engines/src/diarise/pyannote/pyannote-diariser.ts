import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  concatSamples,
  throwIfAborted,
  type AudioSource,
  type DiariseOptions,
  type Diariser,
  type EngineContext,
  type SpeakerTurn,
  type TimeSpan,
} from '@voxlate/core';
import { PYANNOTE_SEGMENTATION, SPEAKER_EMBEDDING, type CatalogModel, type ModelManager } from '@voxlate/models';
import { runSherpaDiarisation } from './sherpa-diarisation-process.js';
import { turnsFromSegments } from './turns-from-segments.js';

/** sherpa-onnx's models take 16 kHz mono. */
const MODEL_SAMPLE_RATE = 16000;
/**
 * Cosine distance under which two voices are one speaker when the count is not given: sherpa-onnx's
 * own default for its pyannote pipeline.
 */
const SAME_SPEAKER_DISTANCE = 0.5;
const READ_CHUNK_SECONDS = 60;

/** Both models the neural diarisation needs, installed through the model manager. */
export async function pyannoteInstalled(manager: ModelManager): Promise<boolean> {
  return (await manager.isInstalled(PYANNOTE_SEGMENTATION.id)) && (await manager.isInstalled(SPEAKER_EMBEDDING.id));
}

/**
 * Who speaks when with learned weights: pyannote segmentation-3.0 finds up to three local voices
 * in each 10 s window, a speaker embedding (CAM++) describes each, and clustering joins them
 * across the file, all in sherpa-onnx, run in a child process (see runSherpaDiarisation). The
 * result labels the stretches of speech the pipeline already found.
 */
export class PyannoteDiariser implements Diariser {
  readonly id = 'pyannote';
  readonly kind = 'neural' as const;
  readonly name = 'pyannote segmentation 3.0 + CAM++ (sherpa-onnx)';

  constructor(private readonly manager: ModelManager) {}

  async diarise(
    audio: AudioSource,
    spans: readonly TimeSpan[],
    options: DiariseOptions,
    context: EngineContext,
  ): Promise<SpeakerTurn[]> {
    if (spans.length === 0) return [];
    const samples = await readAt16k(audio, context);
    context.onProgress?.(1, 4);
    const segments = await runSherpaDiarisation(
      {
        segmentationModel: modelFile(this.manager, PYANNOTE_SEGMENTATION),
        embeddingModel: modelFile(this.manager, SPEAKER_EMBEDDING),
        numClusters: options.speakers ?? -1,
        threshold: SAME_SPEAKER_DISTANCE,
        numThreads: availableParallelism(),
      },
      samples,
      context.signal,
    );
    context.onProgress?.(4, 4);
    return turnsFromSegments(spans, segments);
  }
}

function modelFile(manager: ModelManager, model: CatalogModel): string {
  return join(manager.folderOf(model), model.files[0]!);
}

/** The whole analysis track, which the pipeline decodes at 16 kHz mono (checked, not assumed). */
async function readAt16k(audio: AudioSource, context: EngineContext): Promise<Float32Array> {
  if (audio.sampleRate !== MODEL_SAMPLE_RATE) {
    throw new Error(`pyannote diarisation needs 16 kHz audio, the analysis track is ${audio.sampleRate} Hz.`);
  }
  const parts: Float32Array[] = [];
  for await (const chunk of audio.chunks(READ_CHUNK_SECONDS)) {
    throwIfAborted(context.signal);
    parts.push(chunk);
  }
  return concatSamples(parts);
}
