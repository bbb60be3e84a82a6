import { VOICE_MODES } from '@voxlate/contract';
import type { PcmAudio } from '../audio.js';
import type { EngineContext, EngineInfo } from '../engine-info.js';

/**
 * 'clone': each speaker's own voice, cloned from their speech by a voice-cloning engine (where
 * one covers the target language; 'shaped' elsewhere, with a warning); 'shaped': a synthetic
 * voice shaped to each speaker's pitch, range and timbre; both carry each line's intonation,
 * energy and rate. 'neutral': a distinct plain voice per speaker.
 */
export type VoiceMode = (typeof VOICE_MODES)[number];
export { VOICE_MODES };

/** Pitch and level of a stretch of audio, frame by frame (frame i centred at i * hopSeconds). */
export interface ProsodyTrack {
  hopSeconds: number;
  /** Hz where voiced, 0 where not. */
  f0Hz: Float32Array;
  /** dB full scale. */
  energyDb: Float32Array;
}

/** A pause inside a line: where (seconds from the line's start) and how long. */
export interface Pause {
  at: number;
  seconds: number;
}

/** What was measured on one source line (reported per segment). */
export interface LineProsody {
  /** Seconds of voiced speech found in the line. */
  voicedSeconds: number;
  f0MedianHz?: number;
  /** From the 10th to the 90th percentile of F0, in semitones. */
  f0RangeSemitones?: number;
  /** Mean level of the line's speech frames, dB full scale. */
  loudnessDb?: number;
  syllablesPerSecond?: number;
  pauses: Pause[];
}

/** One speaker as measured on all of their lines, and the voice the dub gives them. */
export interface SpeakerVoice {
  speaker: string;
  /** Seconds of voiced speech the measures come from. */
  voicedSeconds: number;
  f0MedianHz?: number;
  f0RangeSemitones?: number;
  loudnessDb?: number;
  syllablesPerSecond?: number;
  /** Median pause inside their lines, seconds. */
  pauseSeconds?: number;
  /** Long-term spectrum of their voiced frames, dB per band (the engine's bands); the timbre. */
  spectrumDb?: number[];
  /** Voice quality: spectral slope from 300 Hz to 3 kHz, dB per octave (steeper is breathier/softer). */
  spectralTiltDbPerOctave?: number;
  /** Median F1, F2, F3 of their voiced speech, Hz: the length of their vocal tract. */
  formantsHz?: number[];
  /** The base voice of the target language's synthesiser chosen for them, and the pitch it is set to. */
  voice: VoiceSettings;
  /** The creator chose their base voice (in the editor): kept as it is, never matched again. */
  voiceChosen?: boolean;
  /** Their cleanest speech, the voice a cloning engine copies (set when cloning). */
  reference?: Omit<ReferenceUse, 'kind'>;
  /**
   * The creator gave them a voice from their library: the measures above are the saved voice's
   * (pitch, range, timbre, formants, rate), so they sound as in every other dub that uses it.
   */
  savedVoice?: SavedVoiceUse;
  /**
   * With a saved voice, the median F0 measured on this speaker in this media: their lines'
   * intonation is carried relative to it and laid around the saved voice's pitch.
   */
  measuredF0MedianHz?: number;
}

/** A saved voice as a speaker of a dub uses it: which one, the creator's word, its speech. */
export interface SavedVoiceUse {
  id: string;
  name: string;
  rights: VoiceRights;
  /**
   * The speech it was saved with (the voice a cloning engine copies): a WAV file, by its path or
   * its name beside the dub's input.
   */
  reference?: { file: string; seconds: number; from: ReferenceUse['from'] };
}

/** The creator's statement that they may use a voice, and when they made it. */
export interface VoiceRights {
  statement: string;
  at: string;
}

/** The speech a cloned line's voice was taken from, for the report. */
export interface ReferenceUse {
  /**
   * 'line': the line's own source speech (its emotion carries over); 'speaker': the speaker's
   * reference; 'saved': the speech of the speaker's saved voice (no span of this source).
   */
  kind: 'line' | 'speaker' | 'saved';
  /** The spans of the source it was cut from, seconds. */
  spans: { start: number; end: number }[];
  seconds: number;
  /** Where the audio came from: the separated voice, or the original where no separator ran. */
  from: 'separated voice' | 'original';
}

/** What was done to one dubbed line, for the report. */
export interface AppliedVoice {
  mode: VoiceMode;
  baseVoice: string;
  /** The line was spoken in a clone of its speaker's voice, from this reference. */
  reference?: ReferenceUse;
  /** Speaking rate relative to the engine's normal rate. */
  rate: number;
  /** Median F0 of the dubbed line after shaping, Hz. */
  f0MedianHz?: number;
  /** Intonation carried from the source line (pitch contour by PSOLA). */
  contour: boolean;
  /** Loudness envelope and emphasis carried from the source line. */
  energy: boolean;
  /** The speaker's long-term spectrum matched. */
  timbre: boolean;
  /** Pauses kept inside the line. */
  pauses: number;
  /** Why something could not be done on this line. */
  notes?: string[];
  /** The voice's licence allows non-commercial use only (an opted-in MBROLA voice). */
  nonCommercial?: boolean;
}

/** How a synthesiser should speak a line; engines apply what they can and ignore the rest. */
export interface VoiceSettings {
  /** One of the engine's base voices (`Synthesiser.baseVoices`). */
  voice?: string;
  /** Wanted median F0, Hz. */
  pitchHz?: number;
  /** Wanted F0 range (10th-90th percentile), semitones. */
  rangeSemitones?: number;
  /** Speaking rate relative to the engine's normal rate (1 = normal). */
  rate?: number;
  /** Silences inside the line, each after a word of the text (0-based word index). */
  pauses?: { afterWord: number; seconds: number }[];
  /** Every formant of the voice multiplied by this: a longer (below 1) or shorter vocal tract. */
  formantScale?: number;
}

/** A voice an engine offers, measured: its natural median F0 and the F0 it can be set to. */
export interface BaseVoice {
  id: string;
  name: string;
  /** Whose voice it was recorded from, when the engine says: a man's lines go to a male voice where there is one. */
  gender?: 'female' | 'male';
  /** Median F0 at the engine's default pitch, Hz. */
  f0MedianHz: number;
  /** The lowest and highest median F0 the engine can set this voice to (equal if it cannot). */
  f0ReachHz: [number, number];
  /** Median F1, F2, F3 of the voice, Hz, when measured: whether its formants can be scaled is the engine's. */
  formantsHz?: number[];
}

/** A voice an engine offers, as its package lists it (nothing measured): the studio's choice, /licences. */
export interface VoiceListing {
  id: string;
  name: string;
  gender?: 'female' | 'male';
  /** The licence of the voice's data. */
  licence: string;
  /** That licence allows non-commercial use only (MBROLA's): the dub may not be sold as it is. */
  nonCommercial?: boolean;
}

/** What to do to one synthesised line. */
export interface ShapingPlan {
  /** Wanted F0 per frame of the speech's own track (Hz; 0 keeps the frame's pitch). */
  f0Hz: Float32Array;
  /** Level change per frame, dB (absent: none). */
  gainDb?: Float32Array;
  /** Spectral correction per band, dB (absent: none). */
  spectrumDb?: number[];
}

/** Measures voices and reshapes synthesised speech: pitch by PSOLA, level, spectrum. */
export interface VoiceShaper extends EngineInfo {
  /** The frequency bands `spectrum` reports, Hz. */
  readonly bandsHz: readonly number[];
  measure(audio: PcmAudio): ProsodyTrack;
  /** Long-term spectrum of the voiced frames of the audio, dB per band. */
  spectrum(audio: PcmAudio, track: ProsodyTrack): Promise<number[]>;
  /** Median F1, F2, F3 of the voiced frames, Hz (undefined when too little is voiced). */
  formants(audio: PcmAudio, track: ProsodyTrack): number[] | undefined;
  shape(audio: PcmAudio, own: ProsodyTrack, plan: ShapingPlan, context: EngineContext): Promise<PcmAudio>;
}
