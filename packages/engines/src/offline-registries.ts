import type {
  Diariser,
  Recogniser,
  Separator,
  Synthesiser,
  TimeStretcher,
  Translator,
  VoiceActivityDetector,
  VoiceShaper,
  LipSyncer,
  VoiceCloner,
  LiveRecogniser,
  SpeakerLikeness,
} from '@voxlate/core';
import { landmarkerPool } from './lipsync/face-api/landmarker-pool.js';
import { MouthBankLipSyncer } from './lipsync/mouth-bank/mouth-bank-lip-syncer.js';
import { BicDiariser } from './diarise/bic-clustering/bic-diariser.js';
import { PsolaShaper } from './voice/psola/psola-shaper.js';
import { PocketsphinxRecogniser } from './asr/pocketsphinx/pocketsphinx-recogniser.js';
import { PocketsphinxLiveRecogniser } from './asr/pocketsphinx-live/pocketsphinx-live-recogniser.js';
import { ApertiumServer } from './mt/apertium/apertium-server.js';
import { SharedApertiumServer } from './mt/apertium/shared-apertium-server.js';
import { DEFAULT_WARM_IDLE_MS } from './warm-cache.js';
import { ApertiumTranslator } from './mt/apertium/apertium-translator.js';
import { GistTranslator } from './mt/gist/gist-translator.js';
import { EngineRegistry } from './registry.js';
import { RubberbandStretcher } from './stretch/rubberband-stretcher.js';
import { EspeakSynthesiser } from './tts/espeak/espeak-synthesiser.js';
import { FestivalSynthesiser } from './tts/festival/festival-synthesiser.js';
import { MbrolaSynthesiser } from './tts/mbrola/mbrola-synthesiser.js';
import { FliteSynthesiser } from './tts/flite/flite-synthesiser.js';
import { OpenJtalkSynthesiser } from './tts/open-jtalk/open-jtalk-synthesiser.js';
import { PicoSynthesiser } from './tts/pico/pico-synthesiser.js';
import { RhvoiceSynthesiser } from './tts/rhvoice/rhvoice-synthesiser.js';
import { SileroVad } from './vad/silero/silero-vad.js';
import { WebRtcVad } from './vad/webrtc-vad.js';
import { engineSettingsFromEnv, type EngineSettings } from './engine-settings.js';

/** One registry per task. Neural engines register here too, with a higher rank. */
export interface EngineRegistries {
  vad: EngineRegistry<VoiceActivityDetector>;
  asr: EngineRegistry<Recogniser>;
  mt: EngineRegistry<Translator>;
  tts: EngineRegistry<Synthesiser>;
  stretch: EngineRegistry<TimeStretcher>;
  /** Voice/background separators: neural only (without one the mix ducks the original). */
  separate: EngineRegistry<Separator>;
  /** Who speaks when. */
  diarise: EngineRegistry<Diariser>;
  /** Voice measuring and shaping (intonation, level, timbre). */
  voice: EngineRegistry<VoiceShaper>;
  /** Lip sync: moves the speakers' mouths to the dubbed words. */
  lipsync: EngineRegistry<LipSyncer>;
  /** Voice cloning: speaks in the voice of a reference recording (neural only). */
  clone: EngineRegistry<VoiceCloner>;
  /** Speech recognition as the audio arrives, for live translation. */
  live: EngineRegistry<LiveRecogniser>;
  /** How alike two voices sound (neural only): the check's likeness of each dubbed line. */
  likeness: EngineRegistry<SpeakerLikeness>;
}

const always = (): Promise<boolean> => Promise.resolve(true);

/** The engines that work on a fresh machine from npm and Debian packages alone. */
export function offlineRegistries(settings: EngineSettings = engineSettingsFromEnv()): EngineRegistries {
  return {
    vad: new EngineRegistry<VoiceActivityDetector>('voice activity')
      .register({
        // Learned: tells speech from music, effects and tones (see the eval's detector figures).
        id: 'silero-vad',
        kind: 'offline',
        rank: 20,
        isInstalled: () => SileroVad.isInstalled(),
        load: () => SileroVad.create(),
      })
      .register({
        id: 'webrtc-vad',
        kind: 'offline',
        rank: 10,
        isInstalled: always,
        load: () => WebRtcVad.create(),
      }),
    asr: new EngineRegistry<Recogniser>('speech recognition').register({
      id: 'pocketsphinx',
      kind: 'offline',
      rank: 10,
      isInstalled: () => PocketsphinxRecogniser.isInstalled(),
      load: () => Promise.resolve(new PocketsphinxRecogniser(undefined, settings.idleMs)),
    }),
    mt: new EngineRegistry<Translator>('translation')
      .register({
        id: 'apertium',
        kind: 'offline',
        rank: 20,
        isInstalled: () => ApertiumServer.isInstalled(),
        load: () => {
          const own = new ApertiumServer(undefined, settings.idleMs ?? DEFAULT_WARM_IDLE_MS);
          const server = settings.apertiumUrl ? new SharedApertiumServer(settings.apertiumUrl, own) : own;
          return ApertiumTranslator.create(server, settings.callTimeoutMs);
        },
      })
      .register({
        id: 'dictionary-gist',
        kind: 'offline',
        rank: 5,
        isInstalled: always,
        load: () => GistTranslator.create(settings.idleMs),
      }),
    tts: speechSynthesis(settings),
    stretch: new EngineRegistry<TimeStretcher>('time stretch').register({
      id: 'rubberband',
      kind: 'offline',
      rank: 10,
      isInstalled: always,
      load: () => RubberbandStretcher.create(),
    }),
    separate: new EngineRegistry<Separator>('voice/background separation'),
    diarise: new EngineRegistry<Diariser>('speaker diarisation').register({
      id: 'bic-clustering',
      kind: 'offline',
      rank: 10,
      isInstalled: always,
      load: () => Promise.resolve(new BicDiariser()),
    }),
    voice: new EngineRegistry<VoiceShaper>('voice shaping').register({
      id: 'psola',
      kind: 'offline',
      rank: 10,
      isInstalled: always,
      load: () => Promise.resolve(new PsolaShaper()),
    }),
    lipsync: new EngineRegistry<LipSyncer>('lip sync').register({
      id: 'mouth-bank',
      kind: 'offline',
      rank: 10,
      isInstalled: always,
      load: async () => new MouthBankLipSyncer(await landmarkerPool()),
    }),
    clone: new EngineRegistry<VoiceCloner>('voice cloning'),
    live: new EngineRegistry<LiveRecogniser>('live speech recognition').register({
      id: 'pocketsphinx-live',
      kind: 'offline',
      rank: 10,
      isInstalled: () => PocketsphinxLiveRecogniser.isInstalled(),
      load: () => Promise.resolve(new PocketsphinxLiveRecogniser()),
    }),
    likeness: new EngineRegistry<SpeakerLikeness>('speaker likeness'),
  };
}

/**
 * The offline voices, best first where a language has several (docs/engines.md has the measured
 * intelligibility): RHVoice (English, Russian), Open JTalk (Japanese), Flite (English), SVOX Pico
 * (English, French, Spanish, German, Italian), Festival (Italian, for its man's voice), MBROLA
 * (men's voices, only when opted in: its licence forbids sale), then eSpeak
 * NG, the one that speaks all 11 and the only one for Mandarin, Cantonese, Korean and Greek. Each is
 * there when setup could install its Debian packages; RHVoice, Pico and Festival take their phoneme
 * timings from eSpeak NG's, aligned.
 */
function speechSynthesis(settings: EngineSettings): EngineRegistry<Synthesiser> {
  const tts = new EngineRegistry<Synthesiser>('speech synthesis');
  const espeak = (): Promise<EspeakSynthesiser> => tts.get('espeak-ng') as Promise<EspeakSynthesiser>;
  return tts
    .register({
      id: 'rhvoice',
      kind: 'offline',
      rank: 16,
      isInstalled: () => RhvoiceSynthesiser.isInstalled(),
      load: () => RhvoiceSynthesiser.create(espeak),
    })
    .register({
      id: 'open-jtalk',
      kind: 'offline',
      rank: 15,
      isInstalled: () => OpenJtalkSynthesiser.isInstalled(),
      load: () => OpenJtalkSynthesiser.create(),
    })
    .register({
      id: 'flite',
      kind: 'offline',
      rank: 14,
      isInstalled: () => FliteSynthesiser.isInstalled(),
      load: () => FliteSynthesiser.create(),
    })
    .register({
      id: 'svox-pico',
      kind: 'offline',
      rank: 13,
      isInstalled: () => PicoSynthesiser.isInstalled(),
      load: () => PicoSynthesiser.create(espeak),
    })
    .register({
      // Italian only, below Pico: its man's voice speaks Italian men (Pico has a woman's only).
      id: 'festival',
      kind: 'offline',
      rank: 12,
      isInstalled: () => FestivalSynthesiser.isInstalled(),
      load: () => FestivalSynthesiser.create(espeak),
    })
    .register({
      // Men's voices for French, German, Spanish, Italian and Greek, below the free ones and
      // lent to them; its licence forbids sale, so only a creator's opt-in brings it in.
      id: 'mbrola',
      kind: 'offline',
      rank: 11,
      isInstalled: async () =>
        (settings.optedInVoices ?? []).includes('mbrola') && (await MbrolaSynthesiser.isInstalled()),
      load: () => MbrolaSynthesiser.create(),
    })
    .register({
      id: 'espeak-ng',
      kind: 'offline',
      rank: 10,
      isInstalled: always,
      load: () => EspeakSynthesiser.create(undefined, settings.idleMs),
    });
}
