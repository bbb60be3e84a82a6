import type { PcmAudio } from '../audio.js';
import type { EngineInfo } from '../engine-info.js';

/**
 * How alike two voices sound to a speaker-verification model: each voice as an embedding, and
 * the similarity of two embeddings (-1 to 1; 1 the same voice). Neural only (CAM++ when its
 * model is installed); the check on each line measures likeness with it where there is one.
 */
export interface SpeakerLikeness extends EngineInfo {
  /** Less speech than this says little about a voice: no embedding is made of it. */
  readonly minSeconds: number;
  embed(audio: PcmAudio): Float32Array;
  similarity(a: Float32Array, b: Float32Array): number;
}
