import { EngineUnavailable } from '@voxlate/core';
import { CATALOG, CHATTERBOX_MULTILINGUAL, ModelManager, POCKET_TTS, SPEAKER_EMBEDDING } from '@voxlate/models';
import { offlineRegistries, type EngineRegistries } from './offline-registries.js';
import { engineSettingsFromEnv, type EngineSettings } from './engine-settings.js';
import { installedOpusMtModels } from './mt/opus-mt/installed-opus-mt.js';
import { MDX_MODELS } from './separate/mdx-net/mdx-models.js';
import { installedMmsLanguages } from './tts/mms/mms-voices.js';
import { installedPiperLanguages } from './tts/piper/piper-voices.js';
import { installedStreamingZipformers } from './asr/streaming-zipformer/installed-streaming-zipformers.js';

/** Neural engines rank above the offline ones and win wherever their models are installed. */
const NEURAL_RANK = 50;

/** Whisper models in the catalog, smallest first: a bigger installed model outranks a smaller one. */
const WHISPER_MODELS = CATALOG.filter((model) => model.id.startsWith('whisper-')).map((model) => model.id);

export function registerNeuralEngines(registries: EngineRegistries, manager: ModelManager): EngineRegistries {
  for (const [order, modelId] of WHISPER_MODELS.entries()) {
    registries.asr.register({
      id: modelId,
      kind: 'neural',
      rank: NEURAL_RANK + order,
      isInstalled: () => manager.isInstalled(modelId),
      load: async () =>
        (await import('./asr/whisper/whisper-recogniser.js')).WhisperRecogniser.create(manager, modelId),
    });
  }
  registries.live.register({
    id: 'streaming-zipformer',
    kind: 'neural',
    rank: NEURAL_RANK,
    isInstalled: async () => (await installedStreamingZipformers(manager)).length > 0,
    load: async () =>
      (await import('./asr/streaming-zipformer/streaming-zipformer-recogniser.js')).StreamingZipformerRecogniser.create(
        manager,
      ),
  });
  registries.mt.register({
    id: 'nllb-200',
    kind: 'neural',
    rank: NEURAL_RANK,
    isInstalled: () => manager.isInstalled('nllb-200-distilled-600M'),
    load: async () => new (await import('./mt/nllb/nllb-translator.js')).NllbTranslator(manager),
  });
  registries.mt.register({
    id: 'opus-mt',
    kind: 'neural',
    // Below NLLB unless measured better for a pair (npm run eval writes the scores the resolver uses).
    rank: NEURAL_RANK - 1,
    isInstalled: async () => (await installedOpusMtModels(manager)).length > 0,
    load: async () => (await import('./mt/opus-mt/opus-mt-translator.js')).OpusMtTranslator.create(manager),
  });
  registries.tts.register({
    id: 'kokoro',
    kind: 'neural',
    // Above Piper for English: Kokoro is the more natural English voice of the two.
    rank: NEURAL_RANK + 3,
    isInstalled: () => manager.isInstalled('kokoro-eng'),
    load: async () => new (await import('./tts/kokoro/kokoro-synthesiser.js')).KokoroSynthesiser(manager),
  });
  registries.tts.register({
    id: 'piper',
    kind: 'neural',
    // Above MMS-TTS: Piper's medium voices are 22 kHz and sound more natural than MMS's 16 kHz ones.
    rank: NEURAL_RANK + 2,
    isInstalled: async () => (await installedPiperLanguages(manager)).length > 0,
    load: async () => (await import('./tts/piper/piper-synthesiser.js')).PiperSynthesiser.create(manager),
  });
  registries.tts.register({
    id: 'mms-tts',
    kind: 'neural',
    rank: NEURAL_RANK,
    isInstalled: async () => (await installedMmsLanguages(manager)).length > 0,
    // Loaded lazily: ONNX Runtime is only brought into the process when a voice is installed.
    load: async () => (await import('./tts/mms/mms-tts-synthesiser.js')).MmsTtsSynthesiser.create(manager),
  });
  registries.clone.register({
    id: 'pocket-tts',
    kind: 'neural',
    rank: NEURAL_RANK,
    isInstalled: () => manager.isInstalled(POCKET_TTS.id),
    load: async () => new (await import('./clone/pocket/pocket-cloner.js')).PocketCloner(manager),
  });
  registries.clone.register({
    id: 'chatterbox-multilingual',
    kind: 'neural',
    // Below Pocket TTS: it speaks English too, but Pocket is 50-100x faster, so English goes there.
    rank: NEURAL_RANK - 1,
    isInstalled: () => manager.isInstalled(CHATTERBOX_MULTILINGUAL.id),
    load: async () => new (await import('./clone/chatterbox/chatterbox-cloner.js')).ChatterboxCloner(manager),
  });
  for (const modelId of Object.keys(MDX_MODELS)) {
    registries.separate.register({
      id: modelId,
      kind: 'neural',
      rank: NEURAL_RANK,
      isInstalled: () => manager.isInstalled(modelId),
      load: async () =>
        Promise.resolve((await import('./separate/mdx-net/mdx-separator.js')).MdxSeparator.create(manager, modelId)),
    });
  }
  registries.diarise.register({
    id: 'pyannote',
    kind: 'neural',
    rank: NEURAL_RANK,
    isInstalled: async () => (await import('./diarise/pyannote/pyannote-diariser.js')).pyannoteInstalled(manager),
    load: async () => new (await import('./diarise/pyannote/pyannote-diariser.js')).PyannoteDiariser(manager),
  });
  registries.likeness.register({
    id: 'campplus',
    kind: 'neural',
    rank: NEURAL_RANK,
    isInstalled: () => manager.isInstalled(SPEAKER_EMBEDDING.id),
    load: async () => {
      const verifier = await (
        await import('./speaker-similarity/campplus/speaker-verifier.js')
      ).SpeakerVerifier.create(manager);
      if (!verifier) throw new EngineUnavailable('The CAM++ speaker embedding model is not installed.');
      return verifier;
    },
  });
  return registries;
}

/** Every engine this build knows: offline ones always, neural ones when their models are installed. */
export function defaultRegistries(
  manager: ModelManager = new ModelManager(),
  settings: EngineSettings = engineSettingsFromEnv(),
): EngineRegistries {
  return registerNeuralEngines(offlineRegistries(settings), manager);
}
