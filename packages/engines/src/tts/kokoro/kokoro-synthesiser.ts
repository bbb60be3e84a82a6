import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AutoTokenizer,
  StyleTextToSpeech2Model,
  Tensor,
  type PreTrainedModel,
  type PreTrainedTokenizer,
} from '@huggingface/transformers';
import { throwIfAborted, type EngineContext, type LanguageCode, type Speech, type Synthesiser } from '@voxlate/core';
import { KOKORO_ENGLISH, type ModelManager } from '@voxlate/models';
import { LOCAL_SESSION, useLocalModels } from '../../neural/local-pipeline.js';
import { SessionCache } from '../../neural/session-cache.js';
import { EspeakIpa } from './espeak-ipa.js';

const SAMPLE_RATE = 24000;
const STYLE_SIZE = 256;
/** Kokoro reads at most 510 phoneme tokens; longer text is cut (segments are far shorter). */
const MAX_PHONEMES = 510;

interface LoadedKokoro {
  model: PreTrainedModel;
  tokenizer: PreTrainedTokenizer;
  /** 510 style vectors of 256 floats: row n is the voice for n phoneme tokens. */
  voice: Float32Array;
  ipa: EspeakIpa;
}

/**
 * Kokoro 82M (StyleTTS 2) on ONNX Runtime through transformers.js, with eSpeak NG's IPA as its
 * input, as kokoro-js does; English (af_heart). The model, tokenizer and voice load once.
 */
export class KokoroSynthesiser implements Synthesiser {
  readonly id = 'kokoro';
  readonly kind = 'neural' as const;
  readonly name = 'Kokoro 82M (StyleTTS 2, ONNX)';
  readonly timings = 'none' as const;
  readonly languages: readonly LanguageCode[] = ['eng'];
  private readonly session = new SessionCache<'model', LoadedKokoro>((kokoro) => kokoro.model.dispose());

  constructor(private readonly manager: ModelManager) {}

  async synthesise(text: string, _language: LanguageCode, context: EngineContext): Promise<Speech> {
    throwIfAborted(context.signal);
    const kokoro = await this.load();
    const phonemes = kokoro.ipa.phonemes(text, 'en-us');
    const { input_ids } = kokoro.tokenizer(phonemes, { truncation: true, max_length: MAX_PHONEMES + 2 }) as {
      input_ids: Tensor;
    };
    const count = Math.min(Math.max((input_ids.dims.at(-1) ?? 2) - 2, 0), MAX_PHONEMES - 1);
    const style = kokoro.voice.slice(count * STYLE_SIZE, (count + 1) * STYLE_SIZE);
    const { waveform } = (await kokoro.model({
      input_ids,
      style: new Tensor('float32', style, [1, STYLE_SIZE]),
      speed: new Tensor('float32', Float32Array.of(1), [1]),
    })) as { waveform: Tensor };
    throwIfAborted(context.signal);
    return { audio: { samples: waveform.data as Float32Array, sampleRate: SAMPLE_RATE }, phonemes: [] };
  }

  close(): Promise<void> {
    return this.session.close();
  }

  private load(): Promise<LoadedKokoro> {
    return this.session.get('model', async () => {
      useLocalModels(this.manager);
      const repo = KOKORO_ENGLISH.repo;
      const folder = this.manager.folderOf(KOKORO_ENGLISH);
      const [model, tokenizer, voice, ipa] = await Promise.all([
        StyleTextToSpeech2Model.from_pretrained(repo, LOCAL_SESSION),
        AutoTokenizer.from_pretrained(repo),
        readFile(join(folder, 'voices', 'af_heart.bin')),
        EspeakIpa.create(),
      ]);
      return {
        model,
        tokenizer,
        voice: new Float32Array(voice.buffer.slice(voice.byteOffset, voice.byteOffset + voice.byteLength)),
        ipa,
      };
    });
  }
}
