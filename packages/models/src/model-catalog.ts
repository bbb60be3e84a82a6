/**
 * Models the neural engines can use, in the Hugging Face repositories and file layout that
 * transformers.js reads (`onnx/*.onnx` plus the JSON configs). Quantised (q8) weights are
 * chosen where the quality loss is small. Sizes and checksums are not written here: the hub
 * states them for every file (X-Linked-Size, X-Linked-Etag = sha256) and the manager checks them.
 */
export interface CatalogModel {
  id: string;
  task: 'asr' | 'live' | 'mt' | 'tts' | 'clone' | 'separate' | 'diarise';
  repo: string;
  revision: string;
  files: string[];
  description: string;
  /** The weights' licence as their publisher states it: shown before anything is downloaded. */
  licence: ModelLicence;
  /** The download as published, MB (the hub states each file's exact size when it starts). */
  megabytes?: number;
}

export interface ModelLicence {
  name: string;
  /** Where its text is. */
  url: string;
  /** Terms a user must know before using the output: non-commercial, attribution, gated. */
  terms?: string;
}

const MIT = (url: string): ModelLicence => ({ name: 'MIT', url });
const APACHE = (url: string): ModelLicence => ({ name: 'Apache-2.0', url });
const CC_BY_NC = (url: string): ModelLicence => ({
  name: 'CC-BY-NC-4.0',
  url,
  terms: 'Non-commercial use only: a dub made with it may not be used commercially.',
});

const TOKENIZER = ['config.json', 'tokenizer.json', 'tokenizer_config.json'];
const SEQ2SEQ_Q8 = ['onnx/encoder_model_quantized.onnx', 'onnx/decoder_model_merged_quantized.onnx'];

/**
 * The `_timestamped` exports: the plain onnx-community/whisper-* ones have no cross-attention
 * outputs, and transformers.js cannot give word timestamps without them.
 */
function whisper(size: string, repo = `onnx-community/whisper-${size}_timestamped`): CatalogModel {
  return {
    id: `whisper-${size}`,
    task: 'asr',
    repo,
    revision: 'main',
    files: [...TOKENIZER, 'generation_config.json', 'preprocessor_config.json', ...SEQ2SEQ_Q8],
    description: `Whisper ${size}: speech recognition with word timestamps and language detection (99 languages)`,
    licence: MIT('https://github.com/openai/whisper/blob/main/LICENSE'),
  };
}

/**
 * MMS-TTS voices Xenova published as ONNX for our languages (none for Greek: its voice comes
 * from Piper; `Xenova/mms-tts-ell` does not exist).
 */
export const MMS_TTS_LANGUAGES = ['eng', 'fra', 'spa', 'deu', 'rus', 'kor'] as const;

function mmsTts(language: string): CatalogModel {
  return {
    id: `mms-tts-${language}`,
    task: 'tts',
    repo: `Xenova/mms-tts-${language}`,
    revision: 'main',
    files: [...TOKENIZER, 'onnx/model_quantized.onnx'],
    description: `MMS-TTS (VITS) voice for ${language}`,
    licence: CC_BY_NC(`https://huggingface.co/facebook/mms-tts-${language}`),
  };
}

/**
 * Piper voices as sherpa-onnx publishes them on the hub (the ONNX model carries the metadata
 * sherpa-onnx reads; tokens.txt maps IPA symbols to ids). eSpeak NG's data comes from Debian.
 */
function piper(language: string, voice: string): CatalogModel {
  return {
    id: `piper-${language}`,
    task: 'tts',
    repo: `csukuangfj/vits-piper-${voice}`,
    revision: 'main',
    files: [`${voice}.onnx`, 'tokens.txt'],
    description: `Piper voice ${voice} (VITS, ${voice.endsWith('-low') ? '16' : '22.05'} kHz) for ${language}`,
    licence: {
      name: "the voice's own (per voice)",
      url: `https://huggingface.co/rhasspy/piper-voices/tree/main/${voice.slice(0, 2)}`,
      terms: "Each Piper voice has its dataset's licence in its MODEL_CARD: read it before commercial use.",
    },
  };
}

/** The Piper voice per language (Piper has none for Japanese, Korean or Cantonese). */
export const PIPER_VOICES: Readonly<Record<string, string>> = {
  eng: 'en_US-lessac-medium',
  deu: 'de_DE-thorsten-medium',
  fra: 'fr_FR-siwis-medium',
  spa: 'es_ES-davefx-medium',
  ita: 'it_IT-paola-medium',
  rus: 'ru_RU-irina-medium',
  ell: 'el_GR-rapunzelina-low',
  cmn: 'zh_CN-huayan-medium',
};

/** Opus-MT (Marian) pairs with ONNX weights on the hub, by Voxlate language codes. */
export const OPUS_MT_PAIRS: readonly { source: string; target: string; repo: string; targetToken?: string }[] = [
  { source: 'eng', target: 'deu', repo: 'Xenova/opus-mt-en-de' },
  { source: 'eng', target: 'fra', repo: 'Xenova/opus-mt-en-fr' },
  { source: 'eng', target: 'spa', repo: 'Xenova/opus-mt-en-es' },
  { source: 'eng', target: 'ita', repo: 'Xenova/opus-mt-en-it' },
  { source: 'eng', target: 'rus', repo: 'Xenova/opus-mt-en-ru' },
  // A multi-target model: the >>cmn_Hans<< token asks for Mandarin in simplified characters.
  { source: 'eng', target: 'cmn', repo: 'Xenova/opus-mt-en-zh', targetToken: '>>cmn_Hans<<' },
  { source: 'deu', target: 'eng', repo: 'Xenova/opus-mt-de-en' },
  { source: 'fra', target: 'eng', repo: 'Xenova/opus-mt-fr-en' },
  { source: 'spa', target: 'eng', repo: 'Xenova/opus-mt-es-en' },
  { source: 'ita', target: 'eng', repo: 'Xenova/opus-mt-it-en' },
  { source: 'rus', target: 'eng', repo: 'Xenova/opus-mt-ru-en' },
  { source: 'cmn', target: 'eng', repo: 'Xenova/opus-mt-zh-en' },
  { source: 'jpn', target: 'eng', repo: 'Xenova/opus-mt-ja-en' },
  { source: 'kor', target: 'eng', repo: 'Xenova/opus-mt-ko-en' },
];

export function opusMtId(source: string, target: string): string {
  return `opus-mt-${source}-${target}`;
}

function opusMt(pair: (typeof OPUS_MT_PAIRS)[number]): CatalogModel {
  return {
    id: opusMtId(pair.source, pair.target),
    task: 'mt',
    repo: pair.repo,
    revision: 'main',
    files: [...TOKENIZER, 'generation_config.json', ...SEQ2SEQ_Q8],
    description: `Opus-MT (Marian) ${pair.source} to ${pair.target}: small and fast, one pair per model`,
    licence: {
      name: 'CC-BY-4.0',
      url: 'https://github.com/Helsinki-NLP/Opus-MT',
      terms: 'Attribution: credit the Helsinki-NLP Opus-MT project.',
    },
  };
}

/** Kokoro 82M v1.0 (StyleTTS 2), English with the af_heart voice; phonemes come from eSpeak NG. */
export const KOKORO_ENGLISH: CatalogModel = {
  id: 'kokoro-eng',
  task: 'tts',
  repo: 'onnx-community/Kokoro-82M-v1.0-ONNX',
  revision: 'main',
  files: ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx', 'voices/af_heart.bin'],
  description: 'Kokoro 82M (StyleTTS 2, 24 kHz), American English voice af_heart',
  licence: APACHE('https://huggingface.co/hexgrad/Kokoro-82M'),
};

/**
 * Voice/background separation: UVR's MDX-Net "Kim Vocal 2", a vocals model among the best single
 * MDX-Net models on MVSEP's multisong leaderboard (mvsep.com/quality_checker, arXiv 2305.07489),
 * 64 MB, ONNX as UVR publishes it. UVR_MDXNET_1_9703 (30 MB) costs less and separates worse.
 */
export const MDX_KIM_VOCAL_2: CatalogModel = {
  id: 'mdx-kim-vocal-2',
  task: 'separate',
  repo: 'seanghay/uvr_models',
  revision: 'main',
  files: ['Kim_Vocal_2.onnx'],
  description: 'MDX-Net Kim Vocal 2 (UVR): takes the voice out, keeps music and ambience (44.1 kHz stereo)',
  licence: MIT('https://github.com/Anjok07/ultimatevocalremovergui/blob/master/LICENSE'),
};

/**
 * Who speaks when: pyannote segmentation-3.0 (local speakers in 10 s windows, powerset
 * output) as sherpa-onnx exports it with its settings in the ONNX metadata, 5.7 MB; pyannote 3.1
 * with it reports 18.8 % DER on AMI and 11.2 % on VoxConverse.
 */
export const PYANNOTE_SEGMENTATION: CatalogModel = {
  id: 'pyannote-segmentation-3-0',
  task: 'diarise',
  repo: 'csukuangfj/sherpa-onnx-pyannote-segmentation-3-0',
  revision: 'main',
  files: ['model.onnx'],
  description: 'pyannote segmentation 3.0: who speaks when, up to 3 voices per 10 s (with a speaker-embedding model)',
  licence: MIT('https://huggingface.co/pyannote/segmentation-3.0'),
};

/**
 * The speaker embedding the diarisation clusters: 3D-Speaker's CAM++ trained on VoxCeleb (many
 * languages' speakers), 192 dimensions, 29.6 MB, as sherpa-onnx exports it (metadata included).
 */
export const SPEAKER_EMBEDDING: CatalogModel = {
  id: '3dspeaker-campplus-voxceleb',
  task: 'diarise',
  repo: 'csukuangfj/speaker-embedding-models',
  revision: 'main',
  files: ['3dspeaker_speech_campplus_sv_en_voxceleb_16k.onnx'],
  description: 'CAM++ speaker embedding (3D-Speaker, VoxCeleb): tells voices apart for diarisation',
  megabytes: 29.6,
  licence: APACHE('https://github.com/modelscope/3D-Speaker/blob/main/LICENSE'),
};

/**
 * Zero-shot voice cloning: Kyutai's Pocket TTS (about 100M parameters) as sherpa-onnx exports it
 * (int8 LMs and decoder; the release layout of `sherpa-onnx-pocket-tts-int8-2026-01-26`). The
 * export speaks English; it clones the voice of 5-10 s of reference speech at 24 kHz, about
 * 2.5-6x faster than real time on two laptop cores (published). Kyutai published the weights as
 * CC-BY-4.0; this ONNX export (KevinAHM/pocket-tts-onnx, which sherpa-onnx repackages) carries a
 * non-commercial licence.
 */
export const POCKET_TTS: CatalogModel = {
  id: 'pocket-tts-eng',
  task: 'clone',
  repo: 'csukuangfj2/sherpa-onnx-pocket-tts-int8-2026-01-26',
  revision: 'main',
  files: [
    'lm_flow.int8.onnx',
    'lm_main.int8.onnx',
    'encoder.onnx',
    'decoder.int8.onnx',
    'text_conditioner.onnx',
    'vocab.json',
    'token_scores.json',
    'LICENSE',
  ],
  description: "Pocket TTS (Kyutai, int8): speaks English in each speaker's own voice, cloned from their speech",
  licence: {
    name: 'Pocket TTS ONNX export licence (weights by Kyutai, CC-BY-4.0)',
    url: 'https://huggingface.co/KevinAHM/pocket-tts-onnx/blob/main/onnx/LICENSE',
    terms: 'Non-commercial use only, as the export states; credit Kyutai. Clone only voices you have the right to use.',
  },
  megabytes: 191,
};

/**
 * Zero-shot voice cloning in 23 languages: Resemble AI's Chatterbox Multilingual (0.5B, MIT) as
 * onnx-community exports it: four graphs with their weights beside them (`.onnx_data`), the
 * language model in its q4f16 form (int4 weights, float16 activations; 305 MB against 2 GB in
 * fp32), the others in fp32 as published. Pinned to the revision whose files (names, sizes,
 * SHA-256) were checked: the speech encoder 592 MB, token embedder 68 MB, language model 305 MB,
 * conditional decoder 540 MB, tokenizer and the Cangjie table its Chinese input needs. Its ONNX
 * graphs are reported 15-21x slower than real time on a CPU (the decoder takes most of it).
 */
export const CHATTERBOX_MULTILINGUAL: CatalogModel = {
  id: 'chatterbox-multilingual',
  task: 'clone',
  repo: 'onnx-community/chatterbox-multilingual-ONNX',
  revision: '452d3f434aa592098f1eedac9099f33642ab2da5',
  files: [
    ...['speech_encoder', 'embed_tokens', 'language_model_q4f16', 'conditional_decoder'].flatMap((graph) => [
      `onnx/${graph}.onnx`,
      `onnx/${graph}.onnx_data`,
    ]),
    'tokenizer.json',
    'tokenizer_config.json',
    'Cangjie5_TC.json',
  ],
  description:
    "Chatterbox Multilingual (Resemble AI, q4f16): speaks 23 languages (10 of Voxlate's targets) in each speaker's own voice",
  licence: {
    ...MIT('https://github.com/resemble-ai/chatterbox/blob/master/LICENSE'),
    terms: 'Clone only voices you have the right to use.',
  },
  megabytes: 1509,
};

/**
 * Live recognition: icefall's streaming Zipformer2 transducers as sherpa-onnx publishes them (int8
 * encoder, decoder and joiner, `tokens.txt`), decoding 320 ms chunks with 1.28 s of left context.
 * English: trained on LibriSpeech, about 70 MB; Mandarin: trained on the multi-zh-hans sets
 * (WenetSpeech, AISHELL and more), about 73 MB. Pinned to the commits whose listings were read.
 */
export const STREAMING_ZIPFORMERS: Readonly<Record<string, CatalogModel>> = {
  eng: streamingZipformer(
    'eng',
    'csukuangfj/sherpa-onnx-streaming-zipformer-en-2023-06-26',
    '6037ea07e3abfe599ad00d418968bcf9656e7472',
    'epoch-99-avg-1-chunk-16-left-128',
    72.7,
  ),
  cmn: streamingZipformer(
    'cmn',
    'k2-fsa/sherpa-onnx-streaming-zipformer-multi-zh-hans-2023-12-12',
    '7c21d52bea5e2f1a9fb334c4e584356716747601',
    'epoch-20-avg-1-chunk-16-left-128',
    72.5,
  ),
};

function streamingZipformer(
  language: string,
  repo: string,
  revision: string,
  stem: string,
  megabytes: number,
): CatalogModel {
  return {
    id: `streaming-zipformer-${language}`,
    task: 'live',
    repo,
    revision,
    files: ['encoder', 'decoder', 'joiner'].map((graph) => `${graph}-${stem}.int8.onnx`).concat('tokens.txt'),
    description: `Streaming Zipformer (k2-fsa, int8): live recognition of ${language} as the audio arrives`,
    licence: APACHE(`https://huggingface.co/${repo}`),
    megabytes,
  };
}

export const CATALOG: readonly CatalogModel[] = [
  whisper('tiny'),
  whisper('base'),
  whisper('small'),
  whisper('large-v3-turbo'),
  {
    id: 'nllb-200-distilled-600M',
    task: 'mt',
    repo: 'Xenova/nllb-200-distilled-600M',
    revision: 'main',
    files: [...TOKENIZER, 'generation_config.json', ...SEQ2SEQ_Q8],
    description: 'NLLB-200 distilled 600M: translation between all 11 languages (yue_Hant included)',
    licence: CC_BY_NC('https://huggingface.co/facebook/nllb-200-distilled-600M'),
  },
  ...MMS_TTS_LANGUAGES.map(mmsTts),
  ...Object.entries(PIPER_VOICES).map(([language, voice]) => piper(language, voice)),
  ...OPUS_MT_PAIRS.map(opusMt),
  KOKORO_ENGLISH,
  MDX_KIM_VOCAL_2,
  PYANNOTE_SEGMENTATION,
  SPEAKER_EMBEDDING,
  POCKET_TTS,
  CHATTERBOX_MULTILINGUAL,
  ...Object.values(STREAMING_ZIPFORMERS),
];

/**
 * Named sets of models: `small` runs comfortably on 2 cores; `quality` is the best this catalog
 * offers; `voice` clones the speakers' voices (Pocket TTS for English, Chatterbox for nine more
 * targets; with the speaker embedding that measures how alike a clone sounds).
 */
export const PRESETS: Readonly<Record<string, readonly string[]>> = {
  voice: [POCKET_TTS.id, CHATTERBOX_MULTILINGUAL.id, SPEAKER_EMBEDDING.id],
  small: [
    'whisper-base',
    STREAMING_ZIPFORMERS['eng']!.id,
    'nllb-200-distilled-600M',
    ...['eng', 'fra', 'spa', 'deu'].map((l) => `piper-${l}`),
    PYANNOTE_SEGMENTATION.id,
    SPEAKER_EMBEDDING.id,
  ],
  quality: [
    'whisper-large-v3-turbo',
    ...Object.values(STREAMING_ZIPFORMERS).map((model) => model.id),
    'nllb-200-distilled-600M',
    'kokoro-eng',
    ...Object.keys(PIPER_VOICES).map((language) => `piper-${language}`),
    // Piper has no Korean voice; MMS-TTS does.
    'mms-tts-kor',
    'mdx-kim-vocal-2',
    PYANNOTE_SEGMENTATION.id,
    SPEAKER_EMBEDDING.id,
  ],
};

export function catalogModel(id: string): CatalogModel | undefined {
  return CATALOG.find((model) => model.id === id);
}
