export * from './registry.js';
export * from './offline-registries.js';
export * from './registry-resolver.js';
export * from './engine-settings.js';
export * from './warm-cache.js';
export * from './data-dir.js';
export * from './tts/voice-opt-ins.js';
export * from './tts/mbrola/mbrola-voices.js';
export { MbrolaSynthesiser } from './tts/mbrola/mbrola-synthesiser.js';
export * from './asr/pocketsphinx/pocketsphinx-recogniser.js';
export * from './mt/apertium/apertium-server.js';
export * from './mt/apertium/apertium-translator.js';
export * from './mt/apertium/shared-apertium-server.js';
export * from './mt/apertium/routes.js';
export * from './mt/apertium/strip-marks.js';
export * from './mt/apertium/accent-restorer.js';
export * from './lexicon/apertium/apertium-lexicon.js';
export * from './mt/gist/gist-translator.js';
export * from './mt/gist/dictd-dictionary.js';
export * from './mt/gist/cedict-reverse.js';
export * from './mt/gist/tokenise.js';
export * from './mt/gist/offensive-words.js';
export * from './stretch/rubberband-stretcher.js';
export * from './tts/espeak/espeak-synthesiser.js';
export * from './tts/espeak/espeak-voices.js';
export * from './tts/espeak/japanese-reading.js';
export * from './tts/espeak/trim-silence.js';
export * from './vad/webrtc-vad.js';
export * from './vad/silero/silero-vad.js';
export * from './neural-registries.js';
export * from './tts/mms/mms-voices.js';
export type { MmsTtsSynthesiser } from './tts/mms/mms-tts-synthesiser.js';
export * from './measured-scores.js';
export * from './lipsync/face-landmarker.js';
export * from './lipsync/face-api/face-api-landmarker.js';
export * from './lipsync/face-api/landmarker-pool.js';
export * from './lipsync/mouth-bank/face-identities.js';
export * from './lipsync/mouth-bank/face-tracker.js';
export * from './lipsync/mouth-bank/mouth-bank-lip-syncer.js';
export type { SpeakerVerifier } from './speaker-similarity/campplus/speaker-verifier.js';
export * from './speaker-similarity/cosine.js';

/** The CAM++ speaker verifier when its model is installed (loaded lazily: it brings in sherpa-onnx's addon). */
export async function loadSpeakerVerifier(
  manager: import('@voxlate/models').ModelManager,
): Promise<import('./speaker-similarity/campplus/speaker-verifier.js').SpeakerVerifier | undefined> {
  return (await import('./speaker-similarity/campplus/speaker-verifier.js')).SpeakerVerifier.create(manager);
}
