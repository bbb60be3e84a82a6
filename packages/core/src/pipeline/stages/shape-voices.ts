import { shapeSpeech } from '../../voice/shape-speech.js';
import type { SpeakerVoice, VoiceShaper } from '../../voice/voice-types.js';
import type { Segment } from '../../timeline.js';
import { redoes } from '../redo-lines.js';
import type { StageContext } from '../stage-context.js';
import { recordEngine } from '../../engines-used.js';

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
      segment.voice!.notes = [...(segment.voice!.notes ?? []), ...notes];
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
  const shaped = await shapeSpeech(
    shaper,
    {
      speech: await ctx.ports.clips.get(segment.speech!),
      targetText: segment.targetText,
      sourceTrack: ctx.voiceWork.sourceTracks.get(segment.id),
      prosody: segment.prosody,
      speaker,
      speakerName: segment.speaker ?? 'S1',
      ...(segment.speakerChosen ? { otherVoice: true } : {}),
      cloned: segment.voice?.mode === 'clone',
    },
    { signal: ctx.signal },
  );
  if (shaped.audio) {
    segment.speech = await ctx.ports.clips.put(`shaped-${segment.id}`, shaped.audio);
    Object.assign(segment.voice!, shaped.applied);
  }
  return shaped.notes;
}
