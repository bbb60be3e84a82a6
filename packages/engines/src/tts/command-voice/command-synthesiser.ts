import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import {
  concatSamples,
  median,
  RunSlots,
  throwIfAborted,
  voicedValues,
  type BaseVoice,
  type EngineContext,
  type LanguageCode,
  type PhonemeTiming,
  type Speech,
  type Synthesiser,
  type VoiceListing,
  type VoiceSettings,
} from '@voxlate/core';
import { trackPitch } from '../../dsp/pitch-track.js';
import { trimSilence } from '../espeak/trim-silence.js';
import { CALIBRATION_TEXT } from './calibration-text.js';
import type { CataloguedVoice } from './catalogued-voice.js';
import { splitAtPauses } from './split-at-pauses.js';
import { VoiceCalibrations } from '../voice-calibrations.js';
import { DEFAULT_VOICE_TIMEOUT_MS, runVoiceCommand, type VoiceCommand, type VoiceOutput } from './voice-command.js';

/** One piece of a line as the program is asked to speak it. */
export interface PieceRequest {
  text: string;
  language: LanguageCode;
  voice: CataloguedVoice;
  /** Wanted median F0 over the voice's natural one (1: as the voice speaks). */
  pitchRatio: number;
  /** The voice's natural median F0, Hz, measured (set when a pitch is asked for). */
  naturalHz?: number;
  /** Speaking rate over the voice's normal one. */
  rate: number;
}

/** How far each program's pitch control moves a voice and keeps it natural, as a ratio of its own F0. */
const DEFAULT_PITCH_REACH: readonly [number, number] = [0.6, 1.8];
const RATE_LIMITS: readonly [number, number] = [0.5, 2];
/** Taken for a voice whose calibration sentence had no voiced frame (not kept: measured again next process). */
const UNMEASURED_HZ = 150;

/**
 * A synthesiser that runs a Debian voice program per piece of a line (RHVoice, flite, SVOX Pico,
 * Open JTalk): the speaker's pitch and the line's rate go to the program's own controls, so the
 * voice is moved by the engine that made it and PSOLA afterwards only carries the intonation;
 * pauses are silences between pieces spoken apart. Each voice's natural F0 is measured once (and
 * kept in the cache folder for later processes), so that a wanted F0 in Hz becomes the program's
 * setting and voices can be matched to speakers. At most one program per core runs at once.
 */
export abstract class CommandSynthesiser implements Synthesiser {
  abstract readonly id: string;
  abstract readonly name: string;
  readonly kind = 'offline' as const;
  readonly timings = 'phonemes' as const;
  readonly languages: readonly LanguageCode[];
  protected readonly pitchReach: readonly [number, number] = DEFAULT_PITCH_REACH;
  private readonly natural = new Map<string, Promise<number>>();
  /** Voices' natural F0 measured by earlier processes (the cache folder). */
  private readonly calibrations = VoiceCalibrations.fromEnv();

  /** A line's program runs while the last one's pieces are trimmed and aligned here. */
  readonly linesAtOnce: number;

  protected constructor(
    /** The installed voices (those of the catalogue whose files are all present). */
    readonly voices: readonly CataloguedVoice[],
    // Each voice program is one busy core while it runs: one at a time per core, across jobs.
    private readonly slots: RunSlots = new RunSlots(availableParallelism()),
    private readonly timeoutMs = DEFAULT_VOICE_TIMEOUT_MS,
  ) {
    this.languages = [...new Set(voices.map((voice) => voice.language))];
    this.linesAtOnce = slots.size;
  }

  /** The program's command line for one piece. */
  protected abstract command(piece: PieceRequest): VoiceCommand;

  /** Phoneme timings of a piece's audio as the program wrote it (before silence is trimmed). */
  protected abstract timingsOf(
    piece: PieceRequest,
    output: VoiceOutput,
    context: EngineContext,
  ): Promise<PhonemeTiming[]>;

  listVoices(language: LanguageCode): VoiceListing[] {
    return this.voices
      .filter((voice) => voice.language === language)
      .map(({ id, name, gender, licence, nonCommercial }) => ({
        id,
        name,
        gender,
        licence,
        ...(nonCommercial ? { nonCommercial } : {}),
      }));
  }

  async baseVoices(language: LanguageCode): Promise<BaseVoice[]> {
    const voices = this.voices.filter((voice) => voice.language === language);
    return Promise.all(
      voices.map(async (voice) => {
        const hz = await this.naturalHz(voice);
        const [low, high] = voice.fixedPitch ? [1, 1] : this.pitchReach;
        return {
          id: voice.id,
          name: voice.name,
          gender: voice.gender,
          f0MedianHz: Math.round(hz * 10) / 10,
          f0ReachHz: [Math.round(hz * low), Math.round(hz * high)],
        } satisfies BaseVoice;
      }),
    );
  }

  async synthesise(
    text: string,
    language: LanguageCode,
    context: EngineContext,
    settings: VoiceSettings = {},
  ): Promise<Speech> {
    throwIfAborted(context.signal);
    const voice = this.voiceFor(language, settings.voice);
    const natural = settings.pitchHz === undefined || voice.fixedPitch ? undefined : await this.naturalHz(voice);
    const pitchRatio = natural ? clamp(settings.pitchHz! / natural, this.pitchReach) : 1;
    const rate = clamp(settings.rate ?? 1, RATE_LIMITS);
    const pieces = splitAtPauses(text, settings.pauses);
    const spoken = [];
    for (const piece of pieces) {
      const request = {
        text: piece.text,
        language,
        voice,
        pitchRatio,
        rate,
        ...(natural ? { naturalHz: natural } : {}),
      };
      spoken.push({ ...(await this.speakPiece(request, context)), pauseAfterSeconds: piece.pauseAfterSeconds });
    }
    const speech = joinPieces(spoken);
    return voice.nonCommercial ? { ...speech, nonCommercial: true } : speech;
  }

  /** The voice asked for, when it is one of this engine's for the language; else the language's first. */
  voiceFor(language: LanguageCode, id: string | undefined): CataloguedVoice {
    const voices = this.voices.filter((voice) => voice.language === language);
    const voice = voices.find((candidate) => candidate.id === id) ?? voices[0];
    if (!voice) throw new Error(`${this.name} has no ${language} voice installed.`);
    return voice;
  }

  private async speakPiece(piece: PieceRequest, context: EngineContext): Promise<Speech> {
    const output = await this.run(piece, context);
    const { samples, sampleRate } = output.audio;
    const trimmed = trimSilence(samples, sampleRate);
    const kept = trimmed.samples.length / sampleRate;
    const timings = await this.timingsOf(asProgramSpeaks(piece), output, context);
    const faster = piece.voice.playedFaster ?? 1;
    const phonemes = timings
      .map((t) => (faster === 1 ? t : { ...t, start: t.start / faster, end: t.end / faster }))
      .map((t) => ({
        ...t,
        start: t.start - trimmed.offsetSeconds,
        end: Math.min(kept, t.end - trimmed.offsetSeconds),
      }))
      .filter((t) => t.end > t.start && t.end > 0 && t.start < kept)
      .map((t) => ({ ...t, start: Math.max(0, t.start) }));
    return { audio: { samples: trimmed.samples, sampleRate }, phonemes };
  }

  /**
   * One piece through the program, as the voice is set: its pitch scaled, and when it is played
   * faster, spoken slower and lower by as much and its audio read at a rate as much higher.
   */
  private async run(piece: PieceRequest, context: EngineContext): Promise<VoiceOutput> {
    const output = await runVoiceCommand(this.command(asProgramSpeaks(piece)), this.slots, context, this.timeoutMs);
    const faster = piece.voice.playedFaster ?? 1;
    if (faster === 1) return output;
    return { ...output, audio: { ...output.audio, sampleRate: Math.round(output.audio.sampleRate * faster) } };
  }

  /**
   * The voice's median F0 at its own pitch, measured on a sentence of its language once per
   * process, or once per installation when the cache folder keeps it.
   */
  private naturalHz(voice: CataloguedVoice): Promise<number> {
    let measured = this.natural.get(voice.id);
    if (!measured) {
      const piece = { text: CALIBRATION_TEXT[voice.language], language: voice.language, voice, pitchRatio: 1, rate: 1 };
      const command = this.command(asProgramSpeaks(piece));
      const key = this.calibrations.keyOfCommand(command, voice.files);
      const kept = this.calibrations.get(key);
      measured =
        typeof kept === 'number' && Number.isFinite(kept) && kept > 0
          ? Promise.resolve(kept)
          : this.run(piece, {}).then(({ audio }) => {
              const f0 = voicedValues(trackPitch(audio.samples, audio.sampleRate).f0);
              if (f0.length === 0) return UNMEASURED_HZ;
              const hz = median(f0);
              this.calibrations.set(key, hz);
              return hz;
            });
      measured.catch(() => this.natural.delete(voice.id));
      this.natural.set(voice.id, measured);
    }
    return measured;
  }
}

/** The piece as the program is asked to speak it: the voice's own pitch scale, slower and lower when played faster. */
function asProgramSpeaks(piece: PieceRequest): PieceRequest {
  const faster = piece.voice.playedFaster ?? 1;
  const pitch = piece.voice.pitchScale ?? 1;
  if (faster === 1 && pitch === 1) return piece;
  return { ...piece, pitchRatio: (piece.pitchRatio * pitch) / faster, rate: piece.rate / faster };
}

/** Whether every file a voice needs is present. */
export function voiceInstalled(voice: CataloguedVoice): boolean {
  return voice.files.every((file) => existsSync(file));
}

/** The pieces end to end, each pause as silence, the phoneme times moved along (a pause is "_"). */
function joinPieces(pieces: readonly (Speech & { pauseAfterSeconds: number })[]): Speech {
  const sampleRate = pieces[0]?.audio.sampleRate ?? 16000;
  const parts: Float32Array[] = [];
  const phonemes: PhonemeTiming[] = [];
  let offset = 0;
  pieces.forEach((piece, i) => {
    parts.push(piece.audio.samples);
    for (const p of piece.phonemes)
      phonemes.push({ ...p, start: round3(p.start + offset), end: round3(p.end + offset) });
    offset += piece.audio.samples.length / sampleRate;
    if (piece.pauseAfterSeconds > 0 && i < pieces.length - 1) {
      const silence = Math.round(piece.pauseAfterSeconds * sampleRate);
      parts.push(new Float32Array(silence));
      phonemes.push({ phoneme: '_', start: round3(offset), end: round3(offset + silence / sampleRate) });
      offset += silence / sampleRate;
    }
  });
  return { audio: { samples: concatSamples(parts), sampleRate }, phonemes };
}

function clamp(value: number, [low, high]: readonly [number, number]): number {
  return Math.min(high, Math.max(low, value));
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
