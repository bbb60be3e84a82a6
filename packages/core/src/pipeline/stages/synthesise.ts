import { durationOf } from '../../audio.js';
import { EngineUnavailable } from '../../errors.js';
import { lineSettings } from '../../voice/line-settings.js';
import type { VoiceCloner } from '../../voice/voice-cloner.js';
import type { PcmAudio } from '../../audio.js';
import type { AppliedVoice, ReferenceUse, SpeakerVoice, VoiceSettings } from '../../voice/voice-types.js';
import type { Segment } from '../../timeline.js';
import type { Speech, Synthesiser } from '../../engine.js';
import { eachAtOnce } from '../../each-at-once.js';
import { redoes } from '../redo-lines.js';
import type { StageContext } from '../stage-context.js';
import { recordEngine } from '../../engines-used.js';
import { pronunciationsFor, respell, type Pronunciation } from '../../glossary/say-as.js';
import { nonCommercialVoices, nonCommercialWarning } from '../../voice/non-commercial-voices.js';
import { expressiveness, referenceAudio, referenceFor, referenceLines, savedReferenceAudio } from '../voice-cloning.js';

/**
 * Speaks each translated segment in its speaker's voice: cloned from their own speech when the
 * dub clones voices and the speaker has a reference, else the synthesiser's voice set to them
 * (and, preserving voices, at the line's own rate with its pauses), keeping the phoneme timings.
 */
export async function synthesise(ctx: StageContext): Promise<void> {
  const { timeline, request } = ctx;
  const synthesiser = await ctx.ports.engines.synthesiser(request.targetLanguage, request.engines?.tts);
  recordEngine(ctx.timeline, 'synthesis', synthesiser);
  const cloner =
    timeline.voiceMode === 'clone'
      ? await ctx.ports.engines.voiceCloner(request.targetLanguage, request.engines?.clone)
      : undefined;
  const references = new ReferenceCache(ctx);
  const segments = timeline.segments;
  const voices: LineVoices = {
    synthesiser,
    cloner,
    references,
    lines: cloner ? referenceLines(segments) : [],
    lexicon: pronunciationsFor(request.glossary, request.targetLanguage),
  };
  const notCloned = segments.map((): string | undefined => undefined);
  let done = 0;
  // A cloning engine holds one model; the Debian voice programs run one per core, and a line's
  // alignment and trimming here overlap the next line's program.
  const atOnce = cloner ? 1 : (synthesiser.linesAtOnce ?? 1);
  await eachAtOnce(segments, atOnce, async (segment, i) => {
    if (redoes(ctx.redo, segment)) {
      await speakSegment(ctx, voices, segment, (why) => (notCloned[i] = `line ${segment.id + 1}: ${why}`));
    }
    ctx.progress('synthesise', ++done, segments.length);
  });
  const notClonedLines = notCloned.filter((why) => why !== undefined);
  if (notClonedLines.length > 0) {
    ctx.warn(
      'synthesise',
      `${notClonedLines.length} line(s) could not be spoken in the cloned voice and are spoken in the shaped voice ` +
        `instead: ${notClonedLines.join('; ')}`,
    );
  }
  const restricted = nonCommercialVoices(timeline);
  if (restricted.lines > 0) ctx.warn('synthesise', nonCommercialWarning(restricted));
}

/** What every line of a run is spoken with. */
interface LineVoices {
  synthesiser: Synthesiser;
  cloner: VoiceCloner | undefined;
  references: ReferenceCache;
  /** The speakers' reference lines (cloning only). */
  lines: ReturnType<typeof referenceLines>;
  lexicon: Pronunciation[];
}

/** Speaks one line in place: its speech clip, phonemes, voice and engine. */
async function speakSegment(
  ctx: StageContext,
  voices: LineVoices,
  segment: Segment,
  notCloned: (why: string) => void,
): Promise<void> {
  const { request } = ctx;
  const { synthesiser, cloner, references } = voices;
  forgetSpeech(segment);
  if (segment.targetText.trim() === '') return;
  // The voice reads the lexicon's respellings; the line's text (and its subtitles) keep the words.
  const spoken = respell(segment.targetText, voices.lexicon, request.targetLanguage);
  const reference = cloner ? referenceFor(voices.lines, segment, speakerOf(ctx, segment), cloner) : undefined;
  const shaped = (): Promise<SpokenLine> =>
    speakLine(ctx, segment, spoken.text, synthesiser.id, (settings) =>
      synthesiser.synthesise(spoken.text, request.targetLanguage, { signal: ctx.signal }, settings),
    );
  const { speech, voice, engine } =
    cloner && reference
      ? await cloneOrShape(
          () =>
            references
              .audio(reference, speakerOf(ctx, segment), cloner)
              .then((audio) => cloneLine(ctx, cloner, { ...segment, targetText: spoken.text }, reference, audio)),
          shaped,
          notCloned,
        )
      : await shaped();
  if (spoken.said.length > 0) voice.notes = [...(voice.notes ?? []), saidAsNote(spoken.said)];
  if (durationOf(speech.audio) > 0) {
    segment.speech = await ctx.ports.clips.put(`speech-${segment.id}`, speech.audio);
    segment.phonemes = speech.phonemes;
  }
  segment.engines.tts = engine;
  segment.voice = voice;
}

/**
 * A line the clone engine cannot speak (it ran on past the line, or refused its reference) is
 * spoken in the shaped voice and said so, instead of failing the whole dub; cancelling still stops.
 */
async function cloneOrShape(
  clone: () => Promise<SpokenLine>,
  shaped: () => Promise<SpokenLine>,
  failed: (why: string) => void,
): Promise<SpokenLine> {
  try {
    return await clone();
  } catch (error) {
    if (!(error instanceof EngineUnavailable)) throw error;
    failed(error.message);
    return shaped();
  }
}

interface SpokenLine {
  speech: Speech;
  voice: AppliedVoice;
  engine: string;
}

/** A line in the speaker's cloned voice; the seed is the line's, so a re-dub speaks it the same way. */
async function cloneLine(
  ctx: StageContext,
  cloner: VoiceCloner,
  segment: Segment,
  reference: ReferenceUse,
  audio: PcmAudio,
): Promise<SpokenLine> {
  const lively = expressiveness(segment);
  const speech = await cloner.clone(
    segment.targetText,
    ctx.request.targetLanguage,
    { audio },
    { signal: ctx.signal },
    { seed: segment.id + 1, ...(lively === undefined ? {} : { expressiveness: lively }) },
  );
  const voice: AppliedVoice = {
    mode: 'clone',
    baseVoice: `${cloner.id}: ${segment.speaker ?? 'S1'}`,
    reference,
    rate: 1,
    contour: false,
    energy: false,
    timbre: false,
    pauses: 0,
  };
  return { speech, voice, engine: cloner.id };
}

async function speakLine(
  ctx: StageContext,
  segment: Segment,
  text: string,
  engine: string,
  speak: (settings: VoiceSettings) => Promise<Speech>,
): Promise<SpokenLine> {
  const settings = settingsFor(ctx, segment, text);
  const speech = await speak(settings);
  const spokenBy = speech.engine ?? engine;
  // A cloning dub whose speaker could not be cloned speaks them in the shaped voice.
  const used = ctx.timeline.voiceMode ?? ctx.choices.voice.mode;
  const mode = used === 'clone' ? 'shaped' : used;
  const voice: AppliedVoice = {
    mode,
    baseVoice: settings.voice ?? spokenBy,
    rate: settings.rate ?? 1,
    contour: false,
    energy: false,
    timbre: false,
    pauses: settings.pauses?.length ?? 0,
    ...(speech.nonCommercial ? { nonCommercial: true } : {}),
  };
  return { speech, voice, engine: spokenBy };
}

/** Each reference's audio is read once per run: a speaker's reference serves all their lines. */
class ReferenceCache {
  private readonly read = new Map<string, Promise<PcmAudio>>();

  constructor(private readonly ctx: StageContext) {}

  audio(reference: ReferenceUse, speaker: SpeakerVoice | undefined, cloner: VoiceCloner): Promise<PcmAudio> {
    const saved = reference.kind === 'saved' ? speaker?.savedVoice?.reference : undefined;
    const key = saved ? saved.file : reference.spans.map((span) => `${span.start}-${span.end}`).join(',');
    let audio = this.read.get(key);
    if (!audio) {
      audio = saved ? savedReferenceAudio(this.ctx, saved, cloner) : referenceAudio(this.ctx, reference.spans, cloner);
      this.read.set(key, audio);
    }
    return audio;
  }
}

/** What an earlier render spoke for this line (a line edited to nothing must fall silent). */
function forgetSpeech(segment: Segment): void {
  delete segment.speech;
  delete segment.phonemes;
  delete segment.dubbed;
  delete segment.fit;
  delete segment.voice;
  delete segment.lipSync;
}

function speakerOf(ctx: StageContext, segment: Segment): SpeakerVoice | undefined {
  return ctx.timeline.speakers?.find((candidate) => candidate.speaker === segment.speaker);
}

/** How the line is spoken; its pauses fall after words of the text the voice reads (`text`). */
function settingsFor(ctx: StageContext, segment: Segment, text: string): VoiceSettings {
  const speaker = speakerOf(ctx, segment);
  if (!speaker) return {};
  return lineSettings(
    speaker,
    segment.prosody,
    segment.end - segment.start,
    text,
    ctx.choices.voice.mode,
    ctx.timeline.sourceLanguage,
  );
}

/** What the line's report says of the words the lexicon respelled. */
function saidAsNote(said: readonly Pronunciation[]): string {
  return `Said as the glossary says: ${said.map((entry) => `"${entry.word}" as "${entry.sayAs}"`).join(', ')}.`;
}
