import { existsSync } from 'node:fs';
import type { EspeakSynthesiser } from '../espeak/espeak-synthesiser.js';
import { AlignedCommandSynthesiser } from '../command-voice/aligned-command-synthesiser.js';
import { voiceInstalled, type PieceRequest } from '../command-voice/command-synthesiser.js';
import { WAV_PATH, type VoiceCommand } from '../command-voice/voice-command.js';
import { PICO_VOICES } from './pico-voices.js';

const PROGRAM = '/usr/bin/pico2wave';

/**
 * SVOX Pico (Debian `libttspico-utils`): a small unit-selection-like HMM voice, far clearer than
 * eSpeak NG (WER 15 % in US English against 72 %), female only, in English, French, Spanish,
 * German and Italian. Pitch and speed go in its own markup (`<pitch level>`, `<speed level>`:
 * percentages of its own, pitch measured proportional: 60 → 101 Hz from 168 Hz). It writes
 * only to a named WAV file and gives no phoneme timings: they come from eSpeak NG's, aligned.
 */
export class PicoSynthesiser extends AlignedCommandSynthesiser {
  readonly id = 'svox-pico';
  readonly name = 'SVOX Pico';
  protected override readonly pitchReach = [0.5, 2] as const;

  private constructor(espeak: () => Promise<EspeakSynthesiser>) {
    super(PICO_VOICES.filter(voiceInstalled), espeak);
  }

  static isInstalled(): Promise<boolean> {
    return Promise.resolve(existsSync(PROGRAM) && PICO_VOICES.some(voiceInstalled));
  }

  static create(espeak: () => Promise<EspeakSynthesiser>): Promise<PicoSynthesiser> {
    return Promise.resolve(new PicoSynthesiser(espeak));
  }

  protected command(piece: PieceRequest): VoiceCommand {
    let markup = escapeMarkup(piece.text.replace(/\s+/g, ' ').trim());
    if (piece.rate !== 1) markup = `<speed level="${Math.round(piece.rate * 100)}">${markup}</speed>`;
    if (piece.pitchRatio !== 1) markup = `<pitch level="${Math.round(piece.pitchRatio * 100)}">${markup}</pitch>`;
    return {
      program: 'SVOX Pico',
      command: PROGRAM,
      // `--` ends the options: a line that starts with "-" is text, not a flag.
      args: ['-l', piece.voice.id, '-w', WAV_PATH, '--', markup],
    };
  }
}

/** Pico reads its markup in the text: characters that are markup must be escaped. */
function escapeMarkup(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
