import {
  Tensor,
  type AutomaticSpeechRecognitionOutput,
  type AutomaticSpeechRecognitionPipeline,
} from '@huggingface/transformers';
import {
  EngineUnavailable,
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
import { SessionCache } from '../../neural/session-cache.js';
import { packSpans, wordsBySpan, type SpeechWindow } from './speech-windows.js';
import { languageToken, whisperLanguagesOf, type WhisperGenerationConfig } from './whisper-languages.js';

/** Whisper listens to 30-second windows; language detection needs no more than one. */
const WINDOW_SECONDS = 30;
/** Spans are packed into windows this long (a margin under 30 s), with this much silence between them. */
const PACKED_WINDOW_SECONDS = 28;
const GAP_SECONDS = 0.5;
/** Languages written without spaces between words. */
const UNSPACED: readonly LanguageCode[] = ['cmn', 'yue', 'jpn'];

/**
 * OpenAI Whisper on ONNX Runtime through transformers.js, from the local models folder.
 * Spans are packed into 28-second windows (silence between them) and each window transcribed
 * with the language forced (<|sot|> <|lang|> <|transcribe|>, built here so <|yue|> works too)
 * and word timestamps from cross-attention alignment; words go back to their spans by time.
 * The pipeline is loaded once and kept for later windows and requests.
 */
export class WhisperRecogniser implements Recogniser, LanguageDetector {
  readonly kind = 'neural' as const;
  readonly name: string;
  private readonly session = new SessionCache<'model', AutomaticSpeechRecognitionPipeline>((whisper) =>
    whisper.dispose(),
  );

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
    const words = new Map<number, Word[]>();
    // transformers.js splits word timings on spaces only (it drops the language before splitting), so
    // Chinese and Japanese come back as clause-long "words": those spans are not packed together.
    const packing = UNSPACED.includes(language) ? 0 : PACKED_WINDOW_SECONDS;
    const windows = packSpans(spans, packing, GAP_SECONDS);
    for (const [i, window] of windows.entries()) {
      throwIfAborted(context.signal);
      const samples = await windowAudio(audio, window);
      const output = await whisper<Float32Array>(samples, {
        return_timestamps: 'word',
        // A single span longer than a window is cut into overlapping windows and merged back.
        chunk_length_s: window.duration > WINDOW_SECONDS ? WINDOW_SECONDS : 0,
        // Passed through to generate(): the prompt with the language token (transformers.js has no <|yue|>).
        ...{ decoder_input_ids: prompt },
      });
      for (const [span, spanWords] of wordsBySpan(wordsOf(output, window.duration), window)) words.set(span, spanWords);
      context.onProgress?.(i + 1, windows.length);
    }
    const separator = UNSPACED.includes(language) ? '' : ' ';
    return spans.map((_, span) => {
      const spanWords = words.get(span) ?? [];
      return { text: spanWords.map((word) => word.text).join(separator), words: spanWords };
    });
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

  close(): Promise<void> {
    return this.session.close();
  }

  private pipeline(): Promise<AutomaticSpeechRecognitionPipeline> {
    return this.session.get('model', () => loadLocalPipeline('automatic-speech-recognition', this.repo, this.manager));
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

/** Word chunks -> Word[] in window time, kept inside the audio (alignment may run into the padding). */
function wordsOf(output: AutomaticSpeechRecognitionOutput, duration: number): Word[] {
  const inside = (seconds: number | null | undefined, fallback: number): number =>
    Math.min(Math.max(seconds ?? fallback, 0), duration);
  return (output.chunks ?? [])
    .map((chunk) => {
      const start = inside(chunk.timestamp[0], 0);
      return { text: chunk.text.trim(), start, end: Math.max(start, inside(chunk.timestamp[1], duration)) };
    })
    .filter((word) => word.text !== '');
}

/** The window's spans read from the source with silence between them, as packSpans placed them. */
async function windowAudio(audio: AudioSource, window: SpeechWindow): Promise<Float32Array> {
  const samples = new Float32Array(Math.ceil(window.duration * audio.sampleRate) + 1);
  for (const piece of window.pieces) {
    const part = await audio.read(piece.start, piece.end);
    samples.set(
      part.subarray(0, samples.length - Math.round(piece.offset * audio.sampleRate)),
      Math.round(piece.offset * audio.sampleRate),
    );
  }
  return samples;
}

/** What the first recognition pass would hear (the start of the file when no speech was found). */
async function firstWindowOfSpeech(audio: AudioSource, spans: readonly TimeSpan[]): Promise<Float32Array> {
  const [first] = packSpans(spans, PACKED_WINDOW_SECONDS, GAP_SECONDS);
  return first ? windowAudio(audio, first) : audio.read(0, Math.min(audio.duration, WINDOW_SECONDS));
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
