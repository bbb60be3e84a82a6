import { existsSync } from 'node:fs';
import type { PhonemeTiming } from '@voxlate/core';
import { CommandSynthesiser, voiceInstalled, type PieceRequest } from '../command-voice/command-synthesiser.js';
import { TRACE_PATH, WAV_PATH, type VoiceCommand, type VoiceOutput } from '../command-voice/voice-command.js';
import { databaseIdOf, databaseOf, MBROLA_VOICES } from './mbrola-voices.js';
import { phoTimings } from './pho-timings.js';

const ESPEAK = '/usr/bin/espeak-ng';
const MBROLA = '/usr/bin/mbrola';

/**
 * Two programs, one after the other: eSpeak NG reads the text (from standard input, so a line
 * starting with "-" is text) into an MBROLA phoneme file, and mbrola speaks it with the voice's
 * diphones, its pitch scaled by `-f` and its durations by `-t`; `-e` speaks past a missing diphone
 * instead of failing the line.
 */
const SCRIPT = `"${ESPEAK}" -q --stdin -v "$1" --pho --phonout="$2" && "${MBROLA}" -e -f "$4" -t "$5" "$6" "$2" "$3"`;

/**
 * MBROLA's diphone voices through eSpeak NG (Debian `espeak-ng`, `mbrola`, `mbrola-<voice>`,
 * contrib): men's voices for French, German, Spanish, Italian and Greek (and a Greek woman's made from one). Their licence allows
 * non-commercial use only, and this product has paid plans, so the engine is registered only
 * when the creator has opted in (`npm run voices -- add mbrola`); every voice, line and
 * provenance manifest says so. The phoneme timings are MBROLA's own (the `.pho` file).
 */
export class MbrolaSynthesiser extends CommandSynthesiser {
  readonly id = 'mbrola';
  readonly name = 'MBROLA';
  protected override readonly pitchReach = [0.6, 1.8] as const;

  private constructor() {
    super(MBROLA_VOICES.filter(voiceInstalled));
  }

  static isInstalled(): Promise<boolean> {
    return Promise.resolve(existsSync(ESPEAK) && existsSync(MBROLA) && MBROLA_VOICES.some(voiceInstalled));
  }

  static create(): Promise<MbrolaSynthesiser> {
    return Promise.resolve(new MbrolaSynthesiser());
  }

  protected command(piece: PieceRequest): VoiceCommand {
    const args = [
      '-c',
      SCRIPT,
      'mbrola-voice',
      `mb-${databaseIdOf(piece.voice)}`,
      TRACE_PATH,
      WAV_PATH,
      piece.pitchRatio.toFixed(3),
      String(timeRatio(piece)),
      databaseOf(piece.voice),
    ];
    return { program: 'MBROLA', command: '/bin/sh', args, stdin: piece.text.replace(/\s+/g, ' ').trim() };
  }

  protected timingsOf(piece: PieceRequest, output: VoiceOutput): Promise<PhonemeTiming[]> {
    return Promise.resolve(phoTimings(output.trace, timeRatio(piece)));
  }
}

/** mbrola's `-t` lengthens every phoneme: the inverse of the rate, as written on its command line. */
function timeRatio(piece: PieceRequest): number {
  return Number((1 / piece.rate).toFixed(3));
}
