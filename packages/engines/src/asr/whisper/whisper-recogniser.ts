import {
  Tensor,
  type AutomaticSpeechRecognitionOutput,
  type AutomaticSpeechRecognitionPipeline,
} from '@huggingface/transformers';
import {
  EngineUnavailable,
  LANGUAGES,
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
import { OncePerKindProcessors, TokenProbabilityRecorder } from './token-probabilities.js';
import { withWordProbabilities } from './word-probabilities.js';
import { languageToken, whisperLanguagesOf, type WhisperGenerationConfig } from './whisper-languages.js';
import { WORD_OVERRUN_SECONDS, settleWords, spreadOverSegment } from './word-times.js';

/** Whisper listens to 30-second windows; language detection needs no more than one. */
const WINDOW_SECONDS = 30;
/** Spans are packed into windows this long (a margin under 30 s), with this much silence between them. */
const PACKED_WINDOW_SECONDS = 28;
const GAP_SECONDS = 0.5;

/**
 * OpenAI Whisper on ONNX Runtime through transformers.js, from the local models folder.
 * Spans are packed into 28-second windows (silence between them) and each window transcribed
 * with the language forced (<|sot|> <|lang|> <|transcribe|>, built here so <|yue|> works too)
 * and word timestamps from cross-attention alignment (the `_timestamped` exports); a model
 * without cross-attention outputs falls back to segment timestamps with the words spread over
 * each segment, with a warning. Words go back to their spans by time; implausible word times
 * are clamped and marked approximate.
 * The pipeline is loaded once and kept for later windows and requests.
 */
export class WhisperRecogniser implements Recogniser, LanguageDetector {
  readonly kind = 'neural' as const;
  readonly name: string;
  /** Learnt from the loaded model: whether it can align single words. */
  private wordTiming: 'word' | 'segment' | undefined;
  /** Runs already told that this model gives segment timing only. */
  private readonly warnedSegmentTiming = new WeakSet<EngineContext>();
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
    const unspaced = LANGUAGES[language].unspaced;
    const packing = unspaced ? 0 : PACKED_WINDOW_SECONDS;
    const windows = packSpans(spans, packing, GAP_SECONDS);
    for (const [i, window] of windows.entries()) {
      throwIfAborted(context.signal);
      const samples = await windowAudio(audio, window);
      const heard = await this.transcribeWindow(whisper, samples, window.duration, prompt, unspaced, context);
      for (const [span, spanWords] of wordsBySpan(heard, window)) words.set(span, spanWords);
      context.onProgress?.(i + 1, windows.length);
    }
    this.reportCorrections([...words.values()], context);
    const separator = unspaced ? '' : ' ';
    return spans.map((_, span) => {
      const spanWords = words.get(span) ?? [];
      return { text: spanWords.map((word) => word.text).join(separator), words: spanWords };
    });
  }

  /**
   * One window's words in window time, each with its confidence (the mean probability of its
   * tokens): aligned word timestamps where the model can give them, otherwise segment timestamps
   * with the words spread over each segment.
   */
  private async transcribeWindow(
    whisper: AutomaticSpeechRecognitionPipeline,
    samples: Float32Array,
    duration: number,
    prompt: number[],
    unspaced: boolean,
    context: EngineContext,
  ): Promise<Word[]> {
    const recorder = new TokenProbabilityRecorder(textTokenCount(whisper));
    const words = await this.timedWords(whisper, samples, duration, prompt, unspaced, recorder, context);
    return withWordProbabilities(words, recorder.passes, (ids) => whisper.tokenizer.decode(ids));
  }

  private async timedWords(
    whisper: AutomaticSpeechRecognitionPipeline,
    samples: Float32Array,
    duration: number,
    prompt: number[],
    unspaced: boolean,
    recorder: TokenProbabilityRecorder,
    context: EngineContext,
  ): Promise<Word[]> {
    const options = () => ({
      // A single span longer than a window is cut into overlapping windows and merged back.
      chunk_length_s: duration > WINDOW_SECONDS ? WINDOW_SECONDS : 0,
      // Passed through to generate(): the prompt with the language token (transformers.js has no
      // <|yue|>), and the recorder of the chosen tokens' probabilities.
      ...{ decoder_input_ids: prompt, logits_processor: new OncePerKindProcessors(recorder) },
    });
    if (this.timing(whisper) === 'word') {
      try {
        return wordsOf(await whisper<Float32Array>(samples, { ...options(), return_timestamps: 'word' }), duration);
      } catch (error) {
        if (!(error instanceof Error) || !/cross attentions/i.test(error.message)) throw error;
        this.wordTiming = 'segment';
        recorder.passes.length = 0;
      }
    }
    if (!this.warnedSegmentTiming.has(context)) {
      this.warnedSegmentTiming.add(context);
      context.warn?.(
        `${this.name} was exported without cross-attentions, so it cannot time single words: word times ` +
          `are spread over each sentence. Install the _timestamped export (npm run models -- add ${this.id}) for word timing.`,
      );
    }
    const output = await whisper<Float32Array>(samples, { ...options(), return_timestamps: true });
    return segmentWordsOf(output, duration, unspaced);
  }

  /** Settles every measured word (order, plausible length) and says how many had to be moved. */
  private reportCorrections(spans: Word[][], context: EngineContext): void {
    if (this.wordTiming === 'segment') return;
    let total = 0;
    let corrected = 0;
    for (const words of spans) {
      settleWords(words);
      total += words.length;
      corrected += words.filter((word) => word.approximate).length;
    }
    if (corrected > 0)
      context.warn?.(
        `${corrected} of ${total} word times from ${this.name} fell outside their speech or ran implausibly ` +
          'long; they were clamped and marked approximate.',
      );
  }

  /** Word timestamps need the decoder's cross-attention outputs; the plain exports have none. */
  private timing(whisper: AutomaticSpeechRecognitionPipeline): 'word' | 'segment' {
    this.wordTiming ??=
      decoderOutputs(whisper)?.some((name) => name.startsWith('cross_attentions')) === false ? 'segment' : 'word';
    return this.wordTiming;
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

/** Text tokens come before end-of-text in every Whisper vocabulary; timestamps and special tokens after. */
function textTokenCount(whisper: AutomaticSpeechRecognitionPipeline): number {
  const eos = generationConfigOf(whisper).eos_token_id;
  return Array.isArray(eos) ? Math.min(...eos) : eos;
}

/** The merged decoder's output names, where the runtime tells them. */
function decoderOutputs(whisper: AutomaticSpeechRecognitionPipeline): readonly string[] | undefined {
  const sessions = (whisper.model as unknown as { sessions?: Record<string, { outputNames?: readonly string[] }> })
    .sessions;
  return sessions?.['decoder_model_merged']?.outputNames;
}

type Chunk = NonNullable<AutomaticSpeechRecognitionOutput['chunks']>[number];

/** A chunk's time span kept inside the window's audio (alignment may run into the padding). */
function spanInWindow(chunk: Chunk, duration: number): { start: number; end: number } {
  const inside = (seconds: number | null | undefined, fallback: number): number =>
    Math.min(Math.max(seconds ?? fallback, 0), duration);
  const start = inside(chunk.timestamp[0], 0);
  return { start, end: Math.max(start, inside(chunk.timestamp[1], duration)) };
}

/** Segment chunks -> words spread over each segment, in window time. */
function segmentWordsOf(output: AutomaticSpeechRecognitionOutput, duration: number, unspaced: boolean): Word[] {
  return (output.chunks ?? []).flatMap((chunk) => {
    const { start, end } = spanInWindow(chunk, duration);
    return spreadOverSegment(chunk.text, start, end, unspaced);
  });
}

/** Word chunks -> Word[] in window time; a word that ran well past the audio is marked approximate. */
function wordsOf(output: AutomaticSpeechRecognitionOutput, duration: number): Word[] {
  return (output.chunks ?? [])
    .map((chunk): Word => {
      const ranPast = (chunk.timestamp[1] ?? duration) > duration + WORD_OVERRUN_SECONDS;
      return {
        text: chunk.text.trim(),
        ...spanInWindow(chunk, duration),
        ...(ranPast ? { approximate: true as const } : {}),
      };
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
