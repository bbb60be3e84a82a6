import type { TextToAudioPipeline } from '@huggingface/transformers';
import {
  EngineUnavailable,
  quoteInput,
  throwIfAborted,
  type EngineContext,
  type LanguageCode,
  type Speech,
  type Synthesiser,
} from '@voxlate/core';
import { catalogModel, type ModelManager } from '@voxlate/models';
import { loadLocalPipeline } from '../../neural/local-pipeline.js';
import { SessionCache } from '../../neural/session-cache.js';
import { installedMmsLanguages } from './mms-voices.js';
import { containsHangul, romaniseHangul } from './romanise-hangul.js';

/** What the text-to-speech pipeline hands back for one text. */
interface GeneratedAudio {
  audio: Float32Array;
  sampling_rate: number;
}

/**
 * Meta's MMS-TTS (VITS) voices on ONNX Runtime through transformers.js, loaded from the local
 * models folder only (the service never downloads in the middle of a request). One session
 * per language, loaded on first use and kept for later segments and requests. Voices trained
 * on romanised text (`is_uroman`, e.g. Korean) get Hangul romanised first.
 */
export class MmsTtsSynthesiser implements Synthesiser {
  readonly id = 'mms-tts';
  readonly kind = 'neural' as const;
  readonly name = 'MMS-TTS (VITS, ONNX)';
  readonly timings = 'none' as const;
  private readonly voices = new SessionCache<LanguageCode, TextToAudioPipeline>((voice) => voice.dispose());

  private constructor(
    private readonly manager: ModelManager,
    readonly languages: readonly LanguageCode[],
  ) {}

  static async create(manager: ModelManager): Promise<MmsTtsSynthesiser> {
    return new MmsTtsSynthesiser(manager, await installedMmsLanguages(manager));
  }

  async synthesise(text: string, language: LanguageCode, context: EngineContext): Promise<Speech> {
    throwIfAborted(context.signal);
    const voice = await this.voice(language);
    const output = (await voice(readableBy(voice, text, language))) as GeneratedAudio | GeneratedAudio[];
    const audio = Array.isArray(output) ? output[0]! : output;
    return { audio: { samples: audio.audio, sampleRate: audio.sampling_rate }, phonemes: [] };
  }

  close(): Promise<void> {
    return this.voices.close();
  }

  private voice(language: LanguageCode): Promise<TextToAudioPipeline> {
    const model = catalogModel(`mms-tts-${language}`);
    if (!model || !this.languages.includes(language)) {
      throw new EngineUnavailable(
        `No MMS-TTS voice for ${language} is installed (npm run models -- add mms-tts-${language}).`,
      );
    }
    return this.voices.get(language, () => loadLocalPipeline('text-to-speech', model.repo, this.manager));
  }
}

/**
 * The text as the voice can read it: romanised for a voice trained on romanised text. Refuses
 * text with nothing the voice's alphabet holds (the VITS graph aborts on empty input ids).
 */
function readableBy(voice: TextToAudioPipeline, text: string, language: LanguageCode): string {
  const romanised = (voice.tokenizer as unknown as { config?: { is_uroman?: boolean } }).config?.is_uroman === true;
  const readable = romanised && containsHangul(text) ? romaniseHangul(text) : text;
  const { input_ids } = voice.tokenizer(readable) as unknown as { input_ids: { data: ArrayLike<bigint | number> } };
  const pad = voice.tokenizer.pad_token_id;
  if (!Array.from(input_ids.data).some((id) => Number(id) !== pad)) {
    throw new EngineUnavailable(
      `The MMS-TTS ${language} voice cannot say ${quoteInput(text)}: none of its characters is in the ` +
        `voice's alphabet${romanised ? ' (it reads romanised text)' : ''}.`,
    );
  }
  return readable;
}
