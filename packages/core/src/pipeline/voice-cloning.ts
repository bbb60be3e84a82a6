import { dirname, resolve } from 'node:path';
import { LANGUAGES, type LanguageCode } from '../languages.js';
import { recordEngine } from '../engines-used.js';
import { concatSamples, type PcmAudio } from '../audio.js';
import { roundTo } from '../voice/track-math.js';
import type { Segment } from '../timeline.js';
import type { TimeSpan } from '../segmentation/segment-speech.js';
import type { VoiceCloner } from '../voice/voice-cloner.js';
import type { ReferenceUse, SavedVoiceUse, SpeakerVoice } from '../voice/voice-types.js';
import { chooseSpeakerReferences, isOwnReference, type ReferenceLine } from '../voice/voice-references.js';
import type { StageContext } from './stage-context.js';

/** Silence between the spans of a reference, seconds: the model hears separate phrases, not a splice. */
const SPAN_GAP_SECONDS = 0.12;

/**
 * Decides whether this dub clones voices: with Preserve Voice on and a cloning engine for the
 * target language, each speaker gets a reference (their cleanest speech); otherwise the voices
 * are shaped, and the creator is told why. A speaker with no clean speech is shaped alone.
 * Slow engines are announced with the time they will take before they start.
 */
export async function planVoiceCloning(ctx: StageContext): Promise<void> {
  const { timeline, request } = ctx;
  if (ctx.choices.voice.mode !== 'clone') {
    timeline.voiceMode = ctx.choices.voice.mode;
    return;
  }
  const cloner = await ctx.ports.engines.voiceCloner(request.targetLanguage, request.engines?.clone);
  if (!cloner) {
    timeline.voiceMode = 'shaped';
    ctx.warn('voices', noClonerMessage(request.targetLanguage));
    return;
  }
  timeline.voiceMode = 'clone';
  recordEngine(timeline, 'voice cloning', cloner);
  giveReferences(ctx, timeline.speakers ?? [], cloner);
  if (!ctx.voiceStem) {
    ctx.warn(
      'voices',
      'No voice/background separator ran: the voices are cloned from the original, so music or noise under the ' +
        'speech can colour them (npm run models -- add mdx-kim-vocal-2 separates the voice first).',
    );
  }
  announceSlowCloner(ctx, cloner);
}

/**
 * Each of `speakers` gets their cleanest speech as the reference their voice is cloned from; one
 * with too little clean speech is shaped, and the creator is told.
 */
export function giveReferences(ctx: StageContext, speakers: readonly SpeakerVoice[], cloner: VoiceCloner): void {
  const from: ReferenceUse['from'] = ctx.voiceStem ? 'separated voice' : 'original';
  const references = chooseSpeakerReferences(referenceLines(ctx.timeline.segments));
  for (const speaker of speakers) {
    // A saved voice brings the speech it is cloned from.
    if (speaker.savedVoice?.reference) continue;
    const reference = references.find((candidate) => candidate.speaker === speaker.speaker);
    if (reference && reference.seconds >= cloner.referenceSeconds.min) {
      speaker.reference = { spans: reference.spans, seconds: reference.seconds, from };
    } else {
      ctx.warn(
        'voices',
        `Speaker ${speaker.speaker} has no clean stretch of speech to clone their voice from (at least ` +
          `${cloner.referenceSeconds.min} s alone, without overlap or silence): their lines are spoken in a shaped voice.`,
      );
    }
  }
}

function noClonerMessage(language: LanguageCode): string {
  const name = LANGUAGES[language].name;
  return (
    `No voice-cloning engine for ${name} is installed: the speakers' voices are shaped instead (a synthetic voice ` +
    `with each speaker's pitch, range, timbre and intonation). npm run models -- add voice installs the cloning ` +
    `engines; see docs/engines.md for the languages each covers.`
  );
}

/** An engine slower than real time says how long it will take before it starts. */
function announceSlowCloner(ctx: StageContext, cloner: VoiceCloner): void {
  if (cloner.speechPerSecond >= 1) return;
  const speech = ctx.timeline.segments.reduce((sum, segment) => sum + (segment.end - segment.start), 0);
  const minutes = speech / cloner.speechPerSecond / 60;
  ctx.warn(
    'voices',
    `${cloner.name} makes about ${cloner.speechPerSecond} s of speech per second on two CPU cores: cloning ` +
      `${Math.round(speech)} s of speech will take about ${minutes < 1 ? 'a minute' : `${Math.ceil(minutes)} minutes`} more.`,
  );
}

/** The lines as reference selection reads them: times, speaker, measured prosody. */
export function referenceLines(segments: readonly Segment[]): ReferenceLine[] {
  return segments.map(referenceLine);
}

function referenceLine(segment: Segment): ReferenceLine {
  return {
    id: segment.id,
    start: segment.start,
    end: segment.end,
    ...(segment.speaker === undefined ? {} : { speaker: segment.speaker }),
    ...(segment.prosody ? { prosody: segment.prosody } : {}),
  };
}

/**
 * The reference a line is cloned from: its own speech when long and clean enough (judged against
 * all `lines`, from referenceLines), else its speaker's; always its speaker's when the creator
 * moved it to that speaker (its own speech is someone else's voice then).
 */
export function referenceFor(
  lines: readonly ReferenceLine[],
  segment: Segment,
  speaker: SpeakerVoice | undefined,
  cloner: VoiceCloner,
): ReferenceUse | undefined {
  const saved = speaker?.savedVoice?.reference;
  if (saved) return { kind: 'saved', spans: [], seconds: saved.seconds, from: saved.from };
  if (!speaker?.reference) return undefined;
  if (!segment.speakerChosen && isOwnReference(referenceLine(segment), lines)) {
    const end = Math.min(segment.end, segment.start + cloner.referenceSeconds.max);
    return {
      kind: 'line',
      spans: [{ start: segment.start, end }],
      seconds: roundTo(end - segment.start, 2),
      from: speaker.reference.from,
    };
  }
  return { kind: 'speaker', ...speaker.reference };
}

/**
 * The reference's audio: its spans from the separated voice, or from the original decoded at the
 * cloner's rate (the 16 kHz analysis audio would lose the top of the voice), a short silence between.
 */
export async function referenceAudio(
  ctx: StageContext,
  spans: readonly TimeSpan[],
  cloner: Pick<VoiceCloner, 'referenceRate'>,
): Promise<PcmAudio> {
  const parts: PcmAudio[] = [];
  for (const span of spans) parts.push(await readSpan(ctx, span, cloner.referenceRate));
  const sampleRate = parts[0]?.sampleRate ?? cloner.referenceRate;
  const gap = new Float32Array(Math.round(SPAN_GAP_SECONDS * sampleRate));
  return {
    samples: concatSamples(parts.flatMap((part, i) => (i === 0 ? [part.samples] : [gap, part.samples]))),
    sampleRate,
  };
}

/** A saved voice's speech, from its WAV file (named beside the input, or by its full path), at the cloner's rate. */
export function savedReferenceAudio(
  ctx: StageContext,
  reference: NonNullable<SavedVoiceUse['reference']>,
  cloner: Pick<VoiceCloner, 'referenceRate'>,
): Promise<PcmAudio> {
  const file = resolve(dirname(ctx.request.input), reference.file);
  const span = { start: 0, end: reference.seconds, sampleRate: cloner.referenceRate };
  return ctx.ports.media.readSourceSpan(file, span, { signal: ctx.signal });
}

function readSpan(ctx: StageContext, span: TimeSpan, sampleRate: number): Promise<PcmAudio> {
  if (ctx.voiceStem) return ctx.ports.media.readStem(ctx.voiceStem, span.start, span.end);
  return ctx.ports.media.readSourceSpan(ctx.request.input, { ...span, sampleRate }, { signal: ctx.signal });
}

/** How expressive a line was, 0-1, from its pitch range (about 2 semitones is flat, 10 lively). */
export function expressiveness(segment: Segment): number | undefined {
  const range = segment.prosody?.f0RangeSemitones;
  if (range === undefined) return undefined;
  return Math.min(1, Math.max(0, (range - 2) / 8));
}
