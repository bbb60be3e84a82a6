import { availableParallelism } from 'node:os';
import sherpa, { type OfflineTts } from 'sherpa-onnx-node';
import {
  EngineUnavailable,
  throwIfAborted,
  type EngineContext,
  type LanguageCode,
  type Speech,
  type Synthesiser,
} from '@voxlate/core';
import type { ModelManager } from '@voxlate/models';
import { ESPEAK_DATA, installedPiperLanguages, piperVoiceFiles } from './piper-voices.js';

/**
 * Piper voices (VITS, mostly 22 kHz) run by sherpa-onnx's native addon, phonemised with eSpeak
 * NG's data from Debian. Synthesis runs off the main thread (generateAsync); one voice per
 * language is loaded on first use and kept for later segments and requests.
 */
export class PiperSynthesiser implements Synthesiser {
  readonly id = 'piper';
  readonly kind = 'neural' as const;
  readonly name = 'Piper (VITS, sherpa-onnx)';
  readonly timings = 'none' as const;
  private readonly voices = new Map<LanguageCode, Promise<OfflineTts>>();

  private constructor(
    private readonly manager: ModelManager,
    readonly languages: readonly LanguageCode[],
  ) {}

  static async create(manager: ModelManager): Promise<PiperSynthesiser> {
    return new PiperSynthesiser(manager, await installedPiperLanguages(manager));
  }

  async synthesise(text: string, language: LanguageCode, context: EngineContext): Promise<Speech> {
    throwIfAborted(context.signal);
    const voice = await this.voice(language);
    const audio = await voice.generateAsync({ text, sid: 0, speed: 1 });
    throwIfAborted(context.signal);
    return { audio: { samples: audio.samples, sampleRate: audio.sampleRate }, phonemes: [] };
  }

  /** The native sessions are freed by the addon when the voices are collected. */
  close(): void {
    this.voices.clear();
  }

  private voice(language: LanguageCode): Promise<OfflineTts> {
    let voice = this.voices.get(language);
    if (!voice) {
      const files = piperVoiceFiles(this.manager, language);
      if (!files || !this.languages.includes(language)) {
        throw new EngineUnavailable(
          `No Piper voice for ${language} is installed (npm run models -- add piper-${language}).`,
        );
      }
      voice = sherpa.OfflineTts.createAsync({
        model: {
          vits: { model: files.model, tokens: files.tokens, dataDir: ESPEAK_DATA },
          numThreads: availableParallelism(),
          provider: 'cpu',
          debug: false,
        },
        maxNumSentences: 1,
      });
      this.voices.set(language, voice);
      voice.catch(() => this.voices.delete(language));
    }
    return voice;
  }
}
