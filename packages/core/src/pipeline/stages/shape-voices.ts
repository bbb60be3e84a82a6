import { transferContour } from '../../voice/contour-transfer.js';
import { MIN_VOICED_SECONDS } from '../../voice/line-prosody.js';
import { timbreCorrection } from '../../voice/timbre-correction.js';
import { median, roundTo, voicedValues } from '../../voice/track-math.js';
import type { AppliedVoice, SpeakerVoice, VoiceShaper } from '../../voice/voice-types.js';
import type { Segment } from '../../timeline.js';
import { redoes } from '../redo-lines.js';
import type { StageContext } from '../stage-context.js';
import { recordEngine } from '../../engines-used.js';

/** A question mark at the end: Latin, full-width (CJK) or Greek (U+037E). */
const QUESTION = /[?\uFF1F\u037E]\s*$/u;

/**
 * Lays each source line's intonation and loudness onto its dubbed line (pitch by PSOLA around the
 * speaker's median, level envelope for energy and emphasis) and matches the speaker's timbre
 * (long-term spectrum). Lines that cannot be measured keep the plain voice, said per line.
 */
export async function shapeVoices(ctx: StageContext): Promise<void> {
  const { timeline, request } = ctx;
  const shaper = await ctx.ports.engines.voiceShaper(request.engines?.voice);
  recordEngine(ctx.timeline, 'voice', shaper);
  const spoken = timeline.segments.filter((segment) => segment.speech && segment.voice && redoes(ctx.redo, segment));
  let unshaped = 0;
  for (const [i, segment] of spoken.entries()) {
    const speaker = timeline.speakers?.find((candidate) => candidate.speaker === segment.speaker);
    const notes = await shapeLine(ctx, shaper, segment, speaker);
    if (notes.length > 0) {
      segment.voice!.notes = notes;
      if (!segment.voice!.contour) unshaped++;
    }
    ctx.progress('shape', i + 1, spoken.length);
  }
  // A re-render keeps the first render's count: it speaks only a few lines again.
  if (unshaped > 0 && !ctx.redo) {
    ctx.warn(
      'shape',
      `The intonation of ${unshaped} of ${spoken.length} lines could not be carried over (too short or unvoiced ` +
        'to measure); those lines keep the plain intonation of the voice. The report says why, line by line.',
    );
  }
}

/** Shapes one line in place; returns what could not be done on it. */
async function shapeLine(
  ctx: StageContext,
  shaper: VoiceShaper,
  segment: Segment,
  speaker: SpeakerVoice | undefined,
): Promise<string[]> {
  const sourceTrack = ctx.voiceWork.sourceTracks.get(segment.id);
  if (!sourceTrack || !segment.prosody || segment.prosody.voicedSeconds < MIN_VOICED_SECONDS) {
    return ['The source line is too short or unvoiced to measure its intonation.'];
  }
  const speakerHz = speaker?.f0MedianHz ?? segment.prosody.f0MedianHz!;
  const audio = await ctx.ports.clips.get(segment.speech!);
  const own = shaper.measure(audio);
  if (!own.f0Hz.some((f0) => f0 > 0)) return ['The dubbed line has no voiced sound to shape.'];
  const plan = transferContour(
    { track: sourceTrack, speakerHz },
    { track: own, isQuestion: QUESTION.test(segment.targetText) },
  );
  const notes: string[] = [];
  // A cloned voice has the speaker's timbre already: only its intonation and energy are shaped.
  const cloned = segment.voice?.mode === 'clone';
  if (!cloned && speaker?.spectrumDb)
    plan.spectrumDb = timbreCorrection(speaker.spectrumDb, await shaper.spectrum(audio, own));
  else if (!cloned)
    notes.push(`Speaker ${segment.speaker ?? 'S1'} has too little voiced speech to match their timbre.`);
  const shaped = await shaper.shape(audio, own, plan, { signal: ctx.signal });
  segment.speech = await ctx.ports.clips.put(`shaped-${segment.id}`, shaped);
  Object.assign(segment.voice!, applied(plan.f0Hz, plan.spectrumDb !== undefined));
  return notes;
}

function applied(f0Hz: Float32Array, timbre: boolean): Partial<AppliedVoice> {
  const middle = median(voicedValues(f0Hz));
  return { contour: true, energy: true, timbre, ...(Number.isNaN(middle) ? {} : { f0MedianHz: roundTo(middle, 1) }) };
}
