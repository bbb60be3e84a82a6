import { existsSync } from 'node:fs';
import type { PhonemeTiming } from '@voxlate/core';
import { CommandSynthesiser, voiceInstalled, type PieceRequest } from '../command-voice/command-synthesiser.js';
import { WAV_PATH, type VoiceCommand, type VoiceOutput } from '../command-voice/voice-command.js';
import { arpabetToEspeak } from './arpabet.js';
import { FLITE_VOICES } from './flite-voices.js';

const PROGRAM = '/usr/bin/flite';

/**
 * CMU Flite (Debian `flite`): small diphone and clustergen US English voices, clear (WER 8.5-18 %
 * against eSpeak NG's 72 %) and very fast. Pitch is `int_f0_target_mean` in Hz (measured: 120 →
 * 116 Hz, 240 → 235 Hz on slt), rate `duration_stretch`. Its own phoneme timings come with
 * `-psdur` (each phone's end, in seconds), printed while the audio goes to a file.
 */
export class FliteSynthesiser extends CommandSynthesiser {
  readonly id = 'flite';
  readonly name = 'CMU Flite';
  protected override readonly pitchReach = [0.6, 1.8] as const;

  private constructor() {
    super(FLITE_VOICES.filter(voiceInstalled));
  }

  static isInstalled(): Promise<boolean> {
    return Promise.resolve(existsSync(PROGRAM) && FLITE_VOICES.some(voiceInstalled));
  }

  static create(): Promise<FliteSynthesiser> {
    return Promise.resolve(new FliteSynthesiser());
  }

  protected command(piece: PieceRequest): VoiceCommand {
    const args = ['-voice', piece.voice.id, '-psdur', '-o', WAV_PATH];
    if (piece.pitchRatio !== 1 && piece.naturalHz !== undefined) {
      args.push('--setf', `int_f0_target_mean=${Math.round(piece.naturalHz * piece.pitchRatio)}`);
    }
    if (piece.rate !== 1) args.push('--setf', `duration_stretch=${(1 / piece.rate).toFixed(3)}`);
    // -t takes the next argument as text whatever it starts with.
    args.push('-t', piece.text.replace(/\s+/g, ' ').trim());
    return { program: 'Flite', command: PROGRAM, args };
  }

  protected timingsOf(_piece: PieceRequest, output: VoiceOutput): Promise<PhonemeTiming[]> {
    return Promise.resolve(parsePhoneDurations(output.printed));
  }
}

/** `pau:0.119 hh:0.212 ...`: each phone with the time it ends, from the start of the audio. */
export function parsePhoneDurations(printed: string): PhonemeTiming[] {
  const timings: PhonemeTiming[] = [];
  let start = 0;
  for (const match of printed.matchAll(/([a-z]+):(\d+(?:\.\d+)?)/g)) {
    const end = Number(match[2]);
    if (end > start) timings.push({ phoneme: arpabetToEspeak(match[1]!), start, end });
    start = Math.max(start, end);
  }
  return timings;
}
