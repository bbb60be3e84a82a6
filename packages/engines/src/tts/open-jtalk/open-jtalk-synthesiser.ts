import { existsSync } from 'node:fs';
import type { PhonemeTiming } from '@voxlate/core';
import { CommandSynthesiser, voiceInstalled, type PieceRequest } from '../command-voice/command-synthesiser.js';
import { TRACE_PATH, WAV_PATH, type VoiceCommand, type VoiceOutput } from '../command-voice/voice-command.js';
import { parseLabels } from './labels.js';
import { NAIST_JDIC, OPEN_JTALK_SETTINGS, OPEN_JTALK_VOICES } from './open-jtalk-voices.js';

const PROGRAM = '/usr/bin/open_jtalk';

/**
 * Open JTalk (Debian `open-jtalk`): an HTS voice with Japanese text analysis that reads kanji
 * itself, where eSpeak NG reads kana only (its voices: `open-jtalk-voices.ts`). Pitch is `-fm` in half-tones (measured: -4 / 0 / +4 →
 * 98 / 119 / 148 Hz), rate `-r`. Its phoneme labels with their times (`-ot`, in units of
 * 100 ns) are written to a trace file beside the audio.
 */
export class OpenJtalkSynthesiser extends CommandSynthesiser {
  readonly id = 'open-jtalk';
  readonly name = 'Open JTalk';
  protected override readonly pitchReach = [0.5, 2] as const;

  private constructor() {
    super(OPEN_JTALK_VOICES.filter(voiceInstalled));
  }

  static isInstalled(): Promise<boolean> {
    return Promise.resolve(existsSync(PROGRAM) && OPEN_JTALK_VOICES.some(voiceInstalled));
  }

  static create(): Promise<OpenJtalkSynthesiser> {
    return Promise.resolve(new OpenJtalkSynthesiser());
  }

  protected command(piece: PieceRequest): VoiceCommand {
    const settings = OPEN_JTALK_SETTINGS[piece.voice.id]!;
    const args = ['-x', NAIST_JDIC, '-m', settings.htsVoice, '-ow', WAV_PATH, '-ot', TRACE_PATH];
    if (settings.allPass !== undefined) args.push('-a', settings.allPass.toFixed(2));
    if (piece.pitchRatio !== 1) args.push('-fm', (12 * Math.log2(piece.pitchRatio)).toFixed(2));
    if (piece.rate !== 1) args.push('-r', piece.rate.toFixed(2));
    // Open JTalk speaks the first line it reads only: the piece goes as one line.
    return { program: 'Open JTalk', command: PROGRAM, args, stdin: piece.text.replace(/\s+/g, ' ') };
  }

  protected timingsOf(_piece: PieceRequest, output: VoiceOutput): Promise<PhonemeTiming[]> {
    return Promise.resolve(parseLabels(output.trace));
  }
}
