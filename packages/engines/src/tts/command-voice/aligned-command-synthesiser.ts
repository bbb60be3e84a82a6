import type { EngineContext, PhonemeTiming } from '@voxlate/core';
import type { EspeakSynthesiser } from '../espeak/espeak-synthesiser.js';
import type { CataloguedVoice } from './catalogued-voice.js';
import { CommandSynthesiser, type PieceRequest } from './command-synthesiser.js';
import { PhonemeAligner } from './phoneme-aligner.js';
import type { VoiceOutput } from './voice-command.js';

/**
 * A Debian voice program that gives no phoneme timings (RHVoice, SVOX Pico, Festival here): its
 * lines take eSpeak NG's phonemes of the same text, aligned onto its audio.
 */
export abstract class AlignedCommandSynthesiser extends CommandSynthesiser {
  private readonly aligner: PhonemeAligner;

  protected constructor(voices: readonly CataloguedVoice[], espeak: () => Promise<EspeakSynthesiser>) {
    super(voices);
    this.aligner = new PhonemeAligner(espeak);
  }

  protected timingsOf(piece: PieceRequest, output: VoiceOutput, context: EngineContext): Promise<PhonemeTiming[]> {
    return this.aligner.align(output.audio, piece.text, piece.language, context);
  }

  close(): void {
    this.aligner.close();
  }
}
