import { availableParallelism } from 'node:os';
import { AutoTokenizer, type PreTrainedTokenizer } from '@huggingface/transformers';
import {
  EngineUnavailable,
  throwIfAborted,
  type CloneControls,
  type EngineContext,
  type LanguageCode,
  type PcmAudio,
  type PhonemeTiming,
  type VoiceCloner,
  type VoiceReference,
} from '@voxlate/core';
import { CHATTERBOX_MULTILINGUAL, type ModelManager } from '@voxlate/models';
import ort, { type InferenceSession, type Tensor } from '../../neural/onnx-runtime.js';
import { useLocalModels } from '../../neural/local-pipeline.js';
import { SessionCache } from '../../neural/session-cache.js';
import { byExpressiveness, checkCloneRequest } from '../clone-request.js';
import { ReferencesAtRate } from '../references-at-rate.js';
import { CHATTERBOX_LANGUAGES, ChatterboxText } from './chatterbox-text.js';
import { SpeechTokenLoop } from './speech-token-loop.js';

/** The model hears and speaks 24 kHz audio. */
const MODEL_RATE = 24000;
/** Exaggeration (the model's emotion control, 0.5 by default) for a flat line and the most expressive one. */
const EXAGGERATION = { flat: 0.35, expressive: 0.8 };

interface ChatterboxSessions {
  speechEncoder: InferenceSession;
  embedTokens: InferenceSession;
  languageModel: InferenceSession;
  conditionalDecoder: InferenceSession;
  tokenizer: PreTrainedTokenizer;
  text: ChatterboxText;
}

/** What the speech encoder makes of a reference: the prompt the language model and decoder are conditioned on. */
export interface SpeakerConditioning {
  /** [1, F, hidden]: put before the text's embeddings. */
  audioFeatures: Tensor;
  /** The reference's own speech tokens: put before the new ones for the decoder. */
  audioTokens: bigint[];
  speakerEmbeddings: Tensor;
  speakerFeatures: Tensor;
}

/**
 * Resemble AI's Chatterbox Multilingual, the ONNX export's four graphs driven as its model card's
 * inference loop does: the reference is encoded once per voice; the text (prepared as the
 * model's tokenizer expects, with its language tag) is embedded with the exaggeration; the
 * language model makes speech tokens greedily with a repetition penalty of 1.2 until it says
 * stop; the decoder speaks them in the reference's voice. Greedy decoding makes a re-dubbed line
 * sound the same. Slow on a CPU (published 15-21x slower than real time): the pipeline says so
 * before it starts.
 */
export class ChatterboxCloner implements VoiceCloner {
  readonly id = 'chatterbox-multilingual';
  readonly kind = 'neural' as const;
  readonly name = 'Chatterbox Multilingual (Resemble AI, ONNX)';
  readonly languages = Object.keys(CHATTERBOX_LANGUAGES) as LanguageCode[];
  /** Published: 15-21x slower than real time on a CPU; the slowest, to promise little. */
  readonly speechPerSecond = 0.05;
  /** The model conditions on up to 10 s of the voice (6 s for the language model); 3 s is the least that carries one. */
  readonly referenceSeconds = { min: 3, max: 10 };
  readonly referenceRate = MODEL_RATE;
  private readonly sessions = new SessionCache<'chatterbox', ChatterboxSessions>(releaseSessions);
  /** Conditioning by the reference samples it came from: a speaker's reference serves all their lines. */
  private readonly conditioning = new WeakMap<Float32Array, Promise<SpeakerConditioning>>();
  private loadFailure: EngineUnavailable | undefined;
  private readonly references = new ReferencesAtRate(MODEL_RATE);

  constructor(private readonly manager: ModelManager) {}

  async clone(
    text: string,
    language: LanguageCode,
    reference: VoiceReference,
    context: EngineContext,
    controls: CloneControls = {},
  ): Promise<{ audio: PcmAudio; phonemes: PhonemeTiming[] }> {
    throwIfAborted(context.signal);
    checkCloneRequest(this, language, reference);
    const model = await this.loaded();
    const speaker = await this.conditionOn(model, reference.audio);
    const prepared = await model.text.prepare(text, language);
    const loop = new SpeechTokenLoop(model.embedTokens, model.languageModel);
    const exaggeration = byExpressiveness(EXAGGERATION, controls);
    const tokens = await loop.speak(model.tokenizer.encode(prepared), speaker.audioFeatures, exaggeration, context);
    const decoded = await model.conditionalDecoder.run({
      speech_tokens: new ort.Tensor('int64', BigInt64Array.from([...speaker.audioTokens, ...tokens.map(BigInt)]), [
        1,
        speaker.audioTokens.length + tokens.length,
      ]),
      speaker_embeddings: speaker.speakerEmbeddings,
      speaker_features: speaker.speakerFeatures,
    });
    throwIfAborted(context.signal);
    // The export names its output `waveform`; a re-export that names it otherwise still has one output.
    const waveform = decoded['waveform'] ?? Object.values(decoded)[0]!;
    return {
      audio: { samples: withinFullScale(waveform.data as Float32Array), sampleRate: MODEL_RATE },
      phonemes: [],
    };
  }

  close(): Promise<void> {
    return this.sessions.close();
  }

  /**
   * The sessions, loaded once. A model that cannot be loaded (a file damaged after install, a
   * graph this ONNX Runtime cannot run) is refused for the rest of the run with the reason, so
   * each line falls back to the shaped voice at once instead of loading 1.5 GB again.
   */
  private async loaded(): Promise<ChatterboxSessions> {
    if (this.loadFailure) throw this.loadFailure;
    try {
      return await this.sessions.get('chatterbox', () => this.load());
    } catch (error) {
      this.loadFailure = new EngineUnavailable(
        `Chatterbox Multilingual could not be loaded (${(error as Error).message}). ` +
          'Check it with `npm run models -- verify`.',
      );
      throw this.loadFailure;
    }
  }

  private conditionOn(model: ChatterboxSessions, audio: PcmAudio): Promise<SpeakerConditioning> {
    let conditioning = this.conditioning.get(audio.samples);
    if (!conditioning) {
      const voice = this.references.of(audio).samples;
      conditioning = encodeSpeaker(model.speechEncoder, voice.slice(0, this.referenceSeconds.max * MODEL_RATE));
      this.conditioning.set(audio.samples, conditioning);
    }
    return conditioning;
  }

  private async load(): Promise<ChatterboxSessions> {
    const file = (name: string): string => this.manager.fileOf(CHATTERBOX_MULTILINGUAL, name);
    // From the file, not from bytes: the weights are in the .onnx_data beside each graph.
    const session = (graph: string): Promise<InferenceSession> =>
      ort.InferenceSession.create(file(`onnx/${graph}.onnx`), { intraOpNumThreads: availableParallelism() });
    useLocalModels(this.manager);
    const [speechEncoder, embedTokens, languageModel, conditionalDecoder, tokenizer] = await Promise.all([
      session('speech_encoder'),
      session('embed_tokens'),
      session('language_model_q4f16'),
      session('conditional_decoder'),
      AutoTokenizer.from_pretrained(CHATTERBOX_MULTILINGUAL.repo),
    ]);
    return {
      speechEncoder,
      embedTokens,
      languageModel,
      conditionalDecoder,
      tokenizer,
      text: new ChatterboxText(file('Cangjie5_TC.json')),
    };
  }
}

async function encodeSpeaker(encoder: InferenceSession, samples: Float32Array): Promise<SpeakerConditioning> {
  const outputs = await encoder.run({ audio_values: new ort.Tensor('float32', samples, [1, samples.length]) });
  return {
    audioFeatures: outputs['audio_features']!,
    audioTokens: Array.from(outputs['audio_tokens']!.data as BigInt64Array),
    speakerEmbeddings: outputs['speaker_embeddings']!,
    speakerFeatures: outputs['speaker_features']!,
  };
}

/** The decoder's output can overshoot 1 a little: scaled under full scale rather than clipped. */
function withinFullScale(samples: Float32Array): Float32Array {
  let peak = 0;
  for (const value of samples) peak = Math.max(peak, Math.abs(value));
  return peak > 1 ? samples.map((value) => (value * 0.99) / peak) : samples;
}

async function releaseSessions(model: ChatterboxSessions): Promise<void> {
  await Promise.all(
    [model.speechEncoder, model.embedTokens, model.languageModel, model.conditionalDecoder].map((s) => s.release()),
  );
}
