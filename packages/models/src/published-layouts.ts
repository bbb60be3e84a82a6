/**
 * The files each repository named by the catalog publishes (the part of its listing the catalog
 * uses), copied from the hub's file listings; the URL above each entry is where to check it again.
 * The catalog test holds every entry to this table, so a typo in a repo or file name, or a repo
 * that was never published (as `Xenova/mms-tts-ell` was not), fails a test instead of a user's
 * download. Change a line here only after reading the listing at its URL.
 */
const TOKENIZER = ['config.json', 'tokenizer.json', 'tokenizer_config.json'];
const SEQ2SEQ_Q8 = ['onnx/encoder_model_quantized.onnx', 'onnx/decoder_model_merged_quantized.onnx'];
const WHISPER = [...TOKENIZER, 'generation_config.json', 'preprocessor_config.json', ...SEQ2SEQ_Q8];
const MARIAN = [...TOKENIZER, 'generation_config.json', ...SEQ2SEQ_Q8];
const VITS = [...TOKENIZER, 'onnx/model_quantized.onnx'];
const piper = (voice: string): string[] => [`${voice}.onnx`, 'tokens.txt'];
/** sherpa-onnx's streaming transducer repos: each graph in float and int8, and the tokens. */
const streamingZipformer = (stem: string): string[] => [
  ...['encoder', 'decoder', 'joiner'].flatMap((graph) => [`${graph}-${stem}.onnx`, `${graph}-${stem}.int8.onnx`]),
  'tokens.txt',
];

export const PUBLISHED_LAYOUTS: Readonly<Record<string, readonly string[]>> = {
  // https://huggingface.co/onnx-community/whisper-tiny_timestamped/tree/main/onnx
  'onnx-community/whisper-tiny_timestamped': WHISPER,
  // https://huggingface.co/onnx-community/whisper-base_timestamped/tree/main/onnx
  'onnx-community/whisper-base_timestamped': WHISPER,
  // https://huggingface.co/onnx-community/whisper-small_timestamped/tree/main/onnx
  'onnx-community/whisper-small_timestamped': WHISPER,
  // https://huggingface.co/onnx-community/whisper-large-v3-turbo_timestamped/tree/main/onnx
  'onnx-community/whisper-large-v3-turbo_timestamped': WHISPER,
  // https://huggingface.co/Xenova/nllb-200-distilled-600M/tree/main/onnx
  'Xenova/nllb-200-distilled-600M': MARIAN,
  // https://huggingface.co/Xenova/mms-tts-eng/tree/main/onnx
  'Xenova/mms-tts-eng': VITS,
  // https://huggingface.co/Xenova/mms-tts-fra/tree/main/onnx
  'Xenova/mms-tts-fra': VITS,
  // https://huggingface.co/Xenova/mms-tts-spa/tree/main/onnx
  'Xenova/mms-tts-spa': VITS,
  // https://huggingface.co/Xenova/mms-tts-deu/tree/main/onnx
  'Xenova/mms-tts-deu': VITS,
  // https://huggingface.co/Xenova/mms-tts-rus/tree/main/onnx
  'Xenova/mms-tts-rus': VITS,
  // https://huggingface.co/Xenova/mms-tts-kor/tree/main/onnx (is_uroman: true, Latin-only vocabulary)
  'Xenova/mms-tts-kor': VITS,
  // https://huggingface.co/csukuangfj/vits-piper-en_US-lessac-medium/tree/main
  'csukuangfj/vits-piper-en_US-lessac-medium': piper('en_US-lessac-medium'),
  // https://huggingface.co/csukuangfj/vits-piper-de_DE-thorsten-medium/tree/main
  'csukuangfj/vits-piper-de_DE-thorsten-medium': piper('de_DE-thorsten-medium'),
  // https://huggingface.co/csukuangfj/vits-piper-fr_FR-siwis-medium/tree/main
  'csukuangfj/vits-piper-fr_FR-siwis-medium': piper('fr_FR-siwis-medium'),
  // https://huggingface.co/csukuangfj/vits-piper-es_ES-davefx-medium/tree/main
  'csukuangfj/vits-piper-es_ES-davefx-medium': piper('es_ES-davefx-medium'),
  // https://huggingface.co/csukuangfj/vits-piper-it_IT-paola-medium/tree/main
  'csukuangfj/vits-piper-it_IT-paola-medium': piper('it_IT-paola-medium'),
  // https://huggingface.co/csukuangfj/vits-piper-ru_RU-irina-medium/tree/main
  'csukuangfj/vits-piper-ru_RU-irina-medium': piper('ru_RU-irina-medium'),
  // https://huggingface.co/csukuangfj/vits-piper-el_GR-rapunzelina-low/tree/main (16 kHz)
  'csukuangfj/vits-piper-el_GR-rapunzelina-low': piper('el_GR-rapunzelina-low'),
  // https://huggingface.co/csukuangfj/vits-piper-zh_CN-huayan-medium/tree/main
  'csukuangfj/vits-piper-zh_CN-huayan-medium': piper('zh_CN-huayan-medium'),
  // https://huggingface.co/Xenova/opus-mt-en-de/tree/main/onnx (and likewise for each pair below)
  'Xenova/opus-mt-en-de': MARIAN,
  'Xenova/opus-mt-en-fr': MARIAN,
  'Xenova/opus-mt-en-es': MARIAN,
  'Xenova/opus-mt-en-it': MARIAN,
  'Xenova/opus-mt-en-ru': MARIAN,
  'Xenova/opus-mt-en-zh': MARIAN,
  'Xenova/opus-mt-de-en': MARIAN,
  'Xenova/opus-mt-fr-en': MARIAN,
  'Xenova/opus-mt-es-en': MARIAN,
  'Xenova/opus-mt-it-en': MARIAN,
  'Xenova/opus-mt-ru-en': MARIAN,
  'Xenova/opus-mt-zh-en': MARIAN,
  'Xenova/opus-mt-ja-en': MARIAN,
  'Xenova/opus-mt-ko-en': MARIAN,
  // https://huggingface.co/onnx-community/Kokoro-82M-v1.0-ONNX/tree/main
  'onnx-community/Kokoro-82M-v1.0-ONNX': [...TOKENIZER, 'onnx/model_quantized.onnx', 'voices/af_heart.bin'],
  // https://huggingface.co/seanghay/uvr_models/tree/main (UVR's MDX-Net models, one ONNX file each)
  'seanghay/uvr_models': ['Kim_Vocal_2.onnx', 'UVR_MDXNET_1_9703.onnx', 'UVR-MDX-NET-Inst_HQ_3.onnx'],
  // https://huggingface.co/csukuangfj2/sherpa-onnx-pocket-tts-int8-2026-01-26/tree/main (made by sherpa-onnx's
  // .github/workflows/export-pocket-tts.yaml: the int8 LMs and decoder, the float encoder and text conditioner)
  'csukuangfj2/sherpa-onnx-pocket-tts-int8-2026-01-26': [
    'lm_flow.int8.onnx',
    'lm_main.int8.onnx',
    'encoder.onnx',
    'decoder.int8.onnx',
    'text_conditioner.onnx',
    'vocab.json',
    'token_scores.json',
    'LICENSE',
    'README.md',
    'test_wavs/bria.wav',
    'test_wavs/loona.wav',
    'test_wavs/sample_fr_hibiki_crepes.wav',
  ],
  // https://huggingface.co/onnx-community/chatterbox-multilingual-ONNX/tree/452d3f434aa592098f1eedac9099f33642ab2da5
  // (the four graphs in fp32, the language model also q4f16; each with its .onnx_data)
  'onnx-community/chatterbox-multilingual-ONNX': [
    ...['speech_encoder', 'embed_tokens', 'language_model', 'language_model_q4f16', 'conditional_decoder'].flatMap(
      (graph) => [`onnx/${graph}.onnx`, `onnx/${graph}.onnx_data`],
    ),
    'tokenizer.json',
    'tokenizer_config.json',
    'Cangjie5_TC.json',
    'default_voice.wav',
  ],
  // https://huggingface.co/csukuangfj/sherpa-onnx-streaming-zipformer-en-2023-06-26/tree/6037ea07e3abfe599ad00d418968bcf9656e7472
  'csukuangfj/sherpa-onnx-streaming-zipformer-en-2023-06-26': streamingZipformer('epoch-99-avg-1-chunk-16-left-128'),
  // https://huggingface.co/k2-fsa/sherpa-onnx-streaming-zipformer-multi-zh-hans-2023-12-12/tree/7c21d52bea5e2f1a9fb334c4e584356716747601
  // (bpe.model too: only hotwords need it)
  'k2-fsa/sherpa-onnx-streaming-zipformer-multi-zh-hans-2023-12-12': streamingZipformer(
    'epoch-20-avg-1-chunk-16-left-128',
  ),
  // https://huggingface.co/csukuangfj/sherpa-onnx-pyannote-segmentation-3-0/tree/main
  'csukuangfj/sherpa-onnx-pyannote-segmentation-3-0': ['model.onnx'],
  // https://huggingface.co/csukuangfj/speaker-embedding-models/tree/main (the CAM++ and ERes2Net exports)
  'csukuangfj/speaker-embedding-models': [
    '3dspeaker_speech_campplus_sv_en_voxceleb_16k.onnx',
    '3dspeaker_speech_campplus_sv_zh-cn_16k-common.onnx',
    '3dspeaker_speech_campplus_sv_zh_en_16k-common_advanced.onnx',
    '3dspeaker_speech_eres2net_sv_en_voxceleb_16k.onnx',
  ],
};
