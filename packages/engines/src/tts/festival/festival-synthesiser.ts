import { existsSync } from 'node:fs';
import type { EspeakSynthesiser } from '../espeak/espeak-synthesiser.js';
import { AlignedCommandSynthesiser } from '../command-voice/aligned-command-synthesiser.js';
import { voiceInstalled, type PieceRequest } from '../command-voice/command-synthesiser.js';
import { WAV_PATH, type VoiceCommand } from '../command-voice/voice-command.js';
import { FESTIVAL_VOICES } from './festival-voices.js';

const PROGRAM = '/usr/bin/text2wave';

/**
 * The Festival Speech Synthesis System (Debian `festival`) with its Italian diphone voices, a
 * man's and a woman's: SVOX Pico has only a woman's Italian voice, so Italian men are spoken by
 * Festival's. Rate is Festival's `Duration_Stretch`; its diphone voices keep their own pitch
 * (PSOLA moves it to the speaker's). Text is read as Latin-1, as the Italian modules expect.
 * It gives no phoneme timings here: they come from eSpeak NG's, aligned.
 */
export class FestivalSynthesiser extends AlignedCommandSynthesiser {
  readonly id = 'festival';
  readonly name = 'Festival';

  private constructor(espeak: () => Promise<EspeakSynthesiser>) {
    super(FESTIVAL_VOICES.filter(voiceInstalled), espeak);
  }

  static isInstalled(): Promise<boolean> {
    return Promise.resolve(existsSync(PROGRAM) && FESTIVAL_VOICES.some(voiceInstalled));
  }

  static create(espeak: () => Promise<EspeakSynthesiser>): Promise<FestivalSynthesiser> {
    return Promise.resolve(new FestivalSynthesiser(espeak));
  }

  protected command(piece: PieceRequest): VoiceCommand {
    const args = ['-eval', `(voice_${piece.voice.id})`];
    if (piece.rate !== 1) args.push('-eval', `(Parameter.set 'Duration_Stretch ${(1 / piece.rate).toFixed(3)})`);
    args.push('-o', WAV_PATH);
    return { program: 'Festival', command: PROGRAM, args, stdin: latin1(piece.text), stdinEncoding: 'latin1' };
  }
}

/** The text in Latin-1's letters: typographic quotes as plain ones, anything else outside it left out. */
function latin1(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/[\u201C\u201D«»]/g, '"')
    .replace(/[\u2013\u2014]/g, ', ')
    .replace(/[^\p{Script=Latin}\p{P}\p{N}\s]|[^\p{ASCII}\u00A0-\u00FF]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
