import type { PcmAudio } from '../audio.js';
import type { EngineContext } from '../engine-info.js';
import { foldTowardAsked } from './asked-pitch.js';
import { transferContour } from './contour-transfer.js';
import { MIN_VOICED_SECONDS } from './line-prosody.js';
import { timbreCorrection } from './timbre-correction.js';
import { median, roundTo, voicedValues } from './track-math.js';
import type { AppliedVoice, LineProsody, ProsodyTrack, SpeakerVoice, VoiceShaper } from './voice-types.js';

/** A question mark at the end: Latin, full-width (CJK) or Greek (U+037E). */
const QUESTION = /[?\uFF1F\u037E]\s*$/u;

/** One spoken line and the source line it dubs, as shaping needs them. */
export interface LineToShape {
  speech: PcmAudio;
  targetText: string;
  /** The source line's measured track and prosody (absent: it could not be measured). */
  sourceTrack: ProsodyTrack | undefined;
  prosody: LineProsody | undefined;
  speaker: SpeakerVoice | undefined;
  speakerName: string;
  /**
   * The source line was said in another voice than its speaker's (the creator moved the line to
   * them): its intonation is carried from its own median, not as a rise above or a fall below theirs.
   */
  otherVoice?: boolean;
  /** A cloned voice has the speaker's timbre already: only its intonation and energy are shaped. */
  cloned: boolean;
}

export interface ShapedSpeech {
  /** The shaped speech, or undefined when the line keeps its plain voice. */
  audio?: PcmAudio;
  /** What was applied, for the line's report. */
  applied: Partial<AppliedVoice>;
  /** What could not be done on this line. */
  notes: string[];
}

/**
 * Lays a source line's intonation and loudness onto its dubbed speech (pitch by PSOLA around the
 * speaker's median, level envelope) and matches the speaker's timbre (long-term spectrum).
 * Batch and live dubs shape their lines through this one function.
 */
export async function shapeSpeech(
  shaper: VoiceShaper,
  line: LineToShape,
  context: EngineContext,
): Promise<ShapedSpeech> {
  const { sourceTrack, prosody, speaker } = line;
  if (!sourceTrack || !prosody || prosody.voicedSeconds < MIN_VOICED_SECONDS) {
    return { applied: {}, notes: ['The source line is too short or unvoiced to measure its intonation.'] };
  }
  const speakerHz = speaker?.f0MedianHz ?? prosody.f0MedianHz!;
  const measured = shaper.measure(line.speech);
  const asked = line.cloned ? undefined : speaker?.voice.pitchHz;
  const own = asked === undefined ? measured : foldTowardAsked(measured, asked);
  if (!own.f0Hz.some((f0) => f0 > 0)) return { applied: {}, notes: ['The dubbed line has no voiced sound to shape.'] };
  const track = line.otherVoice ? atPitch(sourceTrack, prosody, speakerHz) : inSavedVoice(sourceTrack, speaker);
  const lineLoudnessDb =
    prosody.loudnessDb !== undefined && speaker?.loudnessDb !== undefined
      ? prosody.loudnessDb - speaker.loudnessDb
      : undefined;
  const plan = transferContour(
    { track, speakerHz, ...(lineLoudnessDb === undefined ? {} : { lineLoudnessDb }) },
    { track: own, isQuestion: QUESTION.test(line.targetText) },
  );
  const notes: string[] = [];
  if (!line.cloned && speaker?.spectrumDb)
    plan.spectrumDb = timbreCorrection(speaker.spectrumDb, await shaper.spectrum(line.speech, own));
  else if (!line.cloned) notes.push(`Speaker ${line.speakerName} has too little voiced speech to match their timbre.`);
  const audio = await shaper.shape(line.speech, own, plan, context);
  return { audio, applied: applied(plan.f0Hz, plan.spectrumDb !== undefined), notes };
}

/**
 * A speaker given a saved voice: the line's intonation around this speaker's own median is laid
 * around the saved voice's, so a line said higher than they usually speak is dubbed as much higher.
 */
function inSavedVoice(track: ProsodyTrack, speaker: SpeakerVoice | undefined): ProsodyTrack {
  const own = speaker?.measuredF0MedianHz;
  const saved = speaker?.f0MedianHz;
  if (own === undefined || saved === undefined || !(own > 0)) return track;
  const ratio = saved / own;
  return { ...track, f0Hz: track.f0Hz.map((f0) => f0 * ratio) };
}

/** The track moved as a whole so that its median is `hz`: the same intonation in another voice. */
function atPitch(track: ProsodyTrack, prosody: LineProsody, hz: number): ProsodyTrack {
  const lineHz = prosody.f0MedianHz;
  if (lineHz === undefined || !(lineHz > 0)) return track;
  const ratio = hz / lineHz;
  return { ...track, f0Hz: track.f0Hz.map((f0) => f0 * ratio) };
}

function applied(f0Hz: Float32Array, timbre: boolean): Partial<AppliedVoice> {
  const middle = median(voicedValues(f0Hz));
  return { contour: true, energy: true, timbre, ...(Number.isNaN(middle) ? {} : { f0MedianHz: roundTo(middle, 1) }) };
}
