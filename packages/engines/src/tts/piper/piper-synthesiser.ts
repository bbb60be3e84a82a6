import { availableParallelism } from 'node:os';
import sherpa, { type OfflineTts } from 'sherpa-onnx-node';
import {
  EngineUnavailable,
  quoteInput,
  throwIfAborted,
  type EngineContext,
  type LanguageCode,
  type Speech,
  type Synthesiser,
} from '@voxlate/core';
import type { ModelManager } from '@voxlate/models';
import { SessionCache } from '../../neural/session-cache.js';
import { findEspeakData } from './espeak-data.js';
import { installedPiperLanguages, piperVoiceFiles } from './piper-voices.js';

/**
 * Piper voices (VITS) run by sherpa-onnx's native addon, phonemised with eSpeak NG's data from
 * Debian (found with findEspeakData). The audio comes at the rate the voice's model states
 * (22.05 kHz for most, 16 kHz for the "low" voices such as the Greek one). Synthesis runs off the main thread (generateAsync); one voice per
 * language is loaded on first use and kept for later segments and requests.
 */
export class PiperSynthesiser implements Synthesiser {
  readonly id = 'piper';
  readonly kind = 'neural' as const;
  readonly name = 'Piper (VITS, sherpa-onnx)';
  readonly timings = 'none' as const;
  /** The native sessions are freed by the addon when the voices are collected. */
  private readonly voices = new SessionCache<LanguageCode, OfflineTts>();

  private constructor(
    private readonly manager: ModelManager,
    readonly languages: readonly LanguageCode[],
    private readonly espeakData: string,
  ) {}

  /** No languages when eSpeak NG's data cannot be found: Piper cannot phonemise without it. */
  static async create(manager: ModelManager): Promise<PiperSynthesiser> {
    const espeakData = await findEspeakData();
    const languages = espeakData ? await installedPiperLanguages(manager) : [];
    return new PiperSynthesiser(manager, languages, espeakData ?? '');
  }

  async synthesise(text: string, language: LanguageCode, context: EngineContext): Promise<Speech> {
    throwIfAborted(context.signal);
    const voice = await this.voice(language);
    const audio = await voice.generateAsync({ text, sid: 0, speed: 1 }).catch((error: unknown) => {
      // sherpa-onnx throws when the phonemes map to no token of the voice: say so plainly.
      if (error instanceof Error && /no audio/i.test(error.message)) {
        throw new EngineUnavailable(
          `The Piper ${language} voice cannot say ${quoteInput(text)}: its phonemiser gave nothing to say ` +
            "(its eSpeak NG voice is missing, or none of the text's sounds is in the voice's alphabet).",
        );
      }
      throw error;
    });
    throwIfAborted(context.signal);
    return { audio: { samples: audio.samples, sampleRate: audio.sampleRate }, phonemes: [] };
  }

  close(): Promise<void> {
    return this.voices.close();
  }

  private voice(language: LanguageCode): Promise<OfflineTts> {
    const files = piperVoiceFiles(this.manager, language);
    if (!files || !this.languages.includes(language)) {
      throw new EngineUnavailable(
        `No Piper voice for ${language} is installed (npm run models -- add piper-${language}).`,
      );
    }
    return this.voices.get(language, () =>
      sherpa.OfflineTts.createAsync({
        model: {
          vits: { model: files.model, tokens: files.tokens, dataDir: this.espeakData },
          numThreads: availableParallelism(),
          provider: 'cpu',
          debug: false,
        },
        maxNumSentences: 1,
      }),
    );
  }
}
