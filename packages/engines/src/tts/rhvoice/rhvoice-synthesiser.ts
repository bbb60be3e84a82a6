import { existsSync } from 'node:fs';
import type { EspeakSynthesiser } from '../espeak/espeak-synthesiser.js';
import { AlignedCommandSynthesiser } from '../command-voice/aligned-command-synthesiser.js';
import { voiceInstalled, type PieceRequest } from '../command-voice/command-synthesiser.js';
import { WAV_PATH, type VoiceCommand } from '../command-voice/voice-command.js';
import { RHVOICE_VOICES } from './rhvoice-voices.js';

const PROGRAM = '/usr/bin/RHVoice-test';

/**
 * RHVoice (Debian `rhvoice`): statistical parametric voices, the most intelligible offline
 * English here (WER 5-10 % by pocketsphinx against eSpeak NG's 72 %) and natural Russian.
 * Pitch is `-t` (a percentage of the voice's own: measured proportional, 50 → half the F0),
 * rate `-r` (a percentage). It gives no phoneme timings: they come from eSpeak NG's, aligned.
 */
export class RhvoiceSynthesiser extends AlignedCommandSynthesiser {
  readonly id = 'rhvoice';
  readonly name = 'RHVoice';
  // Lower than about two thirds of its own F0 a voice turns creaky (clb at -t 61 read an octave up).
  protected override readonly pitchReach = [0.65, 1.9] as const;

  private constructor(espeak: () => Promise<EspeakSynthesiser>) {
    super(RHVOICE_VOICES.filter(voiceInstalled), espeak);
  }

  static isInstalled(): Promise<boolean> {
    return Promise.resolve(existsSync(PROGRAM) && RHVOICE_VOICES.some(voiceInstalled));
  }

  static create(espeak: () => Promise<EspeakSynthesiser>): Promise<RhvoiceSynthesiser> {
    return Promise.resolve(new RhvoiceSynthesiser(espeak));
  }

  protected command(piece: PieceRequest): VoiceCommand {
    const args = ['-p', piece.voice.id, '-o', WAV_PATH];
    if (piece.pitchRatio !== 1) args.push('-t', String(Math.round(piece.pitchRatio * 100)));
    if (piece.rate !== 1) args.push('-r', String(Math.round(piece.rate * 100)));
    // One line of text: RHVoice-test reads standard input to its end.
    return { program: 'RHVoice', command: PROGRAM, args, stdin: piece.text.replace(/\s+/g, ' ') };
  }
}
