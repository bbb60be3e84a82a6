import {
  Tensor,
  type AutomaticSpeechRecognitionOutput,
  type AutomaticSpeechRecognitionPipeline,
} from '@huggingface/transformers';
import {
  EngineUnavailable,
  concatSamples,
  throwIfAborted,
  type AudioSource,
  type EngineContext,
  type LanguageCode,
  type LanguageDetector,
  type LanguageGuess,
  type RecognisedSpan,
  type Recogniser,
  type TimeSpan,
  type Word,
} from '@voxlate/core';
import { catalogModel, type ModelManager } from '@voxlate/models';
import { loadLocalPipeline } from '../../neural/local-pipeline.js';
import { languageToken, whisperLanguagesOf, type WhisperGenerationConfig } from './whisper-languages.js';

/** Whisper listens to 30-second windows; language detection needs no more than one. */
const WINDOW_SECONDS = 30;

/**
 * OpenAI Whisper on ONNX Runtime through transformers.js, from the local models folder.
 * Each span is transcribed with the language forced (<|sot|> <|lang|> <|transcribe|>, built
 * here so <|yue|> works too) and word timestamps from cross-attention alignment. The
 * pipeline is loaded once and kept for later spans and requests.
 */
export class WhisperRecogniser implements Recogniser, LanguageDetector {
  readonly kind = 'neural' as const;
  readonly name: string;
  private loaded: Promise<AutomaticSpeechRecognitionPipeline> | undefined;

  private constructor(
    readonly id: string,
    private readonly repo: string,
    private readonly manager: ModelManager,
    readonly languages: readonly LanguageCode[],
  ) {
    this.name = `Whisper ${id.replace(/^whisper-/, '')} (ONNX)`;
  }

  static async create(manager: ModelManager, modelId: string): Promise<WhisperRecogniser> {
    const model = catalogModel(modelId);
    if (!model) throw new EngineUnavailable(`"${modelId}" is not a Whisper model of the catalog.`);
    return new WhisperRecogniser(modelId, model.repo, manager, await whisperLanguagesOf(manager, modelId));
  }

  async recognise(
    audio: AudioSource,
    spans: readonly TimeSpan[],
    language: LanguageCode,
    context: EngineContext,
  ): Promise<RecognisedSpan[]> {
    throwIfAborted(context.signal);
    const whisper = await this.pipeline();
    const prompt = this.prompt(whisper, language);
    const results: RecognisedSpan[] = [];
    for (const [i, span] of spans.entries()) {
      throwIfAborted(context.signal);
      const samples = await audio.read(span.start, span.end);
      const output = await whisper<Float32Array>(samples, {
        return_timestamps: 'word',
        // Spans longer than a window are cut into overlapping windows and merged back.
        chunk_length_s: span.end - span.start > WINDOW_SECONDS ? WINDOW_SECONDS : 0,
        // Passed through to generate(): the prompt with the language token (transformers.js has no <|yue|>).
        ...{ decoder_input_ids: prompt },
      });
      results.push({ text: output.text.trim(), words: wordsOf(output, span) });
      context.onProgress?.(i + 1, spans.length);
    }
    return results;
  }

  /**
   * One decoder step after <|startoftranscript|> on the first 30 s of speech: the language
   * tokens' scores are Whisper's language probabilities; the best of the 11 wins.
   */
  async detectLanguage(audio: AudioSource, spans: readonly TimeSpan[], context: EngineContext): Promise<LanguageGuess> {
    throwIfAborted(context.signal);
    const whisper = await this.pipeline();
    const config = generationConfigOf(whisper);
    const { input_features } = (await whisper.processor(await firstWindowOfSpeech(audio, spans))) as {
      input_features: Tensor;
    };
    throwIfAborted(context.signal);
    const start = new Tensor('int64', BigInt64Array.of(BigInt(config.decoder_start_token_id)), [1, 1]);
    const { logits } = (await whisper.model({ input_features, decoder_input_ids: start })) as { logits: Tensor };
    return bestLanguage(logits.data as Float32Array, config.lang_to_id, this.languages);
  }

  async close(): Promise<void> {
    const loaded = this.loaded;
    this.loaded = undefined;
    if (loaded) await (await loaded).dispose();
  }

  private pipeline(): Promise<AutomaticSpeechRecognitionPipeline> {
    this.loaded ??= loadLocalPipeline('automatic-speech-recognition', this.repo, this.manager);
    return this.loaded;
  }

  private prompt(whisper: AutomaticSpeechRecognitionPipeline, language: LanguageCode): number[] {
    const config = generationConfigOf(whisper);
    const languageId = config.lang_to_id[languageToken(language)];
    const transcribe = config.task_to_id['transcribe'];
    if (languageId === undefined || transcribe === undefined) {
      throw new EngineUnavailable(
        `${this.name} has no ${languageToken(language)} token: it cannot transcribe ${language}.`,
      );
    }
    return [config.decoder_start_token_id, languageId, transcribe];
  }
}

function generationConfigOf(whisper: AutomaticSpeechRecognitionPipeline): WhisperGenerationConfig {
  return (whisper.model as unknown as { generation_config: WhisperGenerationConfig }).generation_config;
}

/** Word chunks -> Word[] in source time, kept inside the span (alignment may run into the padding). */
function wordsOf(output: AutomaticSpeechRecognitionOutput, span: TimeSpan): Word[] {
  const length = span.end - span.start;
  const inside = (seconds: number | null | undefined, fallback: number): number =>
    span.start + Math.min(Math.max(seconds ?? fallback, 0), length);
  return (output.chunks ?? [])
    .map((chunk) => {
      const start = inside(chunk.timestamp[0], 0);
      return { text: chunk.text.trim(), start, end: Math.max(start, inside(chunk.timestamp[1], length)) };
    })
    .filter((word) => word.text !== '');
}

async function firstWindowOfSpeech(audio: AudioSource, spans: readonly TimeSpan[]): Promise<Float32Array> {
  const parts: Float32Array[] = [];
  let seconds = 0;
  for (const span of spans) {
    if (seconds >= WINDOW_SECONDS) break;
    const end = Math.min(span.end, span.start + WINDOW_SECONDS - seconds);
    parts.push(await audio.read(span.start, end));
    seconds += end - span.start;
  }
  return concatSamples(parts.length > 0 ? parts : [await audio.read(0, Math.min(audio.duration, WINDOW_SECONDS))]);
}

/** Softmax over all of the model's language tokens; the most probable of the languages it may choose. */
function bestLanguage(
  logits: Float32Array,
  languageIds: Record<string, number>,
  candidates: readonly LanguageCode[],
): LanguageGuess {
  const all = Object.values(languageIds).map((id) => logits[id] ?? -Infinity);
  const max = Math.max(...all);
  const total = all.reduce((sum, logit) => sum + Math.exp(logit - max), 0);
  let best: LanguageGuess | undefined;
  for (const language of candidates) {
    const id = languageIds[languageToken(language)];
    if (id === undefined) continue;
    const probability = Math.exp((logits[id] ?? -Infinity) - max) / total;
    if (!best || probability > best.probability) best = { language, probability };
  }
  if (!best) throw new EngineUnavailable('This Whisper model has none of the 11 languages.');
  return best;
}
