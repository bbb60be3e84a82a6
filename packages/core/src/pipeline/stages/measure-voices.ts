import { measureLine } from '../../voice/line-prosody.js';
import { chooseVoices, standInKind } from '../../voice/choose-voices.js';
import { LANGUAGES } from '../../languages.js';
import { applySavedVoices, type SavedVoice } from '../../voice/saved-voice.js';
import { EVERY_SPEAKER, savedVoiceFor } from '../../voice/saved-voice-for.js';
import type { BaseVoice, SpeakerVoice } from '../../voice/voice-types.js';
import { measureSourceLine } from '../../voice/measure-source-line.js';
import { MIN_SPEAKER_VOICED_SECONDS, speakerProfile, type MeasuredLine } from '../../voice/speaker-profile.js';
import type { RedoLines } from '../redo-lines.js';
import type { StageContext } from '../stage-context.js';
import { requireAnalysis } from './require.js';
import { voiceNewSpeakers } from '../new-speakers.js';
import { planVoiceCloning } from '../voice-cloning.js';

/**
 * Measures every source line (pitch, level, rate, pauses) and every speaker over their lines
 * (pitch and range, loudness, rate, timbre), then gives each speaker the nearest base voice of
 * the target language's synthesiser, a different one per speaker while there are enough, and,
 * when voices are cloned, the reference their voice is copied from.
 */
export async function measureVoices(ctx: StageContext): Promise<void> {
  if (ctx.redo) {
    remeasureEditedLines(ctx, ctx.redo);
    await voiceNewSpeakers(ctx);
    return;
  }
  const { timeline, request } = ctx;
  const shaper = await ctx.ports.engines.voiceShaper(request.engines?.voice);
  const analysis = requireAnalysis(ctx);
  const linesBySpeaker = new Map<string, MeasuredLine[]>();
  for (const [i, segment] of timeline.segments.entries()) {
    const audio = { samples: await analysis.read(segment.start, segment.end), sampleRate: analysis.sampleRate };
    const measured = await measureSourceLine(shaper, audio, {
      ...segment,
      text: segment.sourceText,
      language: timeline.sourceLanguage,
    });
    segment.prosody = measured.prosody;
    ctx.voiceWork.sourceTracks.set(segment.id, measured.track);
    const speaker = segment.speaker ?? 'S1';
    const lines = linesBySpeaker.get(speaker) ?? [];
    lines.push(measured);
    linesBySpeaker.set(speaker, lines);
    ctx.progress('voices', i + 1, timeline.segments.length);
  }
  const profiles = [...linesBySpeaker].map(([speaker, lines]) => speakerProfile(speaker, lines));
  const synthesiser = await ctx.ports.engines.synthesiser(request.targetLanguage, request.engines?.tts);
  const voices = (await synthesiser.baseVoices?.(request.targetLanguage)) ?? [];
  const mode = ctx.choices.voice.mode;
  const matched = chooseVoices(profiles, voices, mode);
  const given = savedVoicesGiven(ctx, matched);
  timeline.speakers = applySavedVoices(
    matched,
    given,
    { engine: synthesiser.id, language: request.targetLanguage, voices },
    mode,
  );
  warnAboutQuietSpeakers(ctx);
  warnAboutStandInVoices(ctx, voices, synthesiser.robotic === true);
  await planVoiceCloning(ctx);
}

/**
 * A re-render keeps the speakers and their voices (a speaker a line was moved to who had none
 * gets one, see voiceNewSpeakers); a line whose source text was edited is measured again from
 * its saved track (its rate counts the new text's syllables).
 */
function remeasureEditedLines(ctx: StageContext, redo: RedoLines): void {
  for (const segment of ctx.timeline.segments) {
    const track = ctx.voiceWork.sourceTracks.get(segment.id);
    if (!redo.retranslate.has(segment.id) || !track) continue;
    segment.prosody = measureLine(
      { ...segment, text: segment.sourceText, language: ctx.timeline.sourceLanguage },
      track,
    );
  }
}

/**
 * The saved voices asked for the speakers this dub has (one for every speaker reaches each one
 * not named on its own); one asked for a speaker it does not have is said, not dropped in silence
 * (the speakers are numbered by who speaks first).
 */
function savedVoicesGiven(ctx: StageContext, speakers: readonly SpeakerVoice[]): Record<string, SavedVoice> {
  const asked = ctx.request.savedVoices ?? {};
  const known = new Set(speakers.map((speaker) => speaker.speaker));
  const missing = Object.keys(asked).filter((speaker) => speaker !== EVERY_SPEAKER && !known.has(speaker));
  if (missing.length > 0) {
    const names = missing.map((speaker) => `${speaker} ("${asked[speaker]!.name}")`).join(', ');
    ctx.warn(
      'voices',
      `No speaker ${names} was found in this media (its speakers are ${[...known].join(', ')}): that saved ` +
        'voice is not used. Give it to one of them in the editor.',
    );
  }
  const given = [...known].map((speaker) => [speaker, savedVoiceFor(asked, speaker)] as const);
  return Object.fromEntries(given.filter((entry): entry is readonly [string, SavedVoice] => entry[1] !== undefined));
}

function warnAboutQuietSpeakers(ctx: StageContext): void {
  if (ctx.choices.voice.mode === 'neutral') return;
  for (const speaker of ctx.timeline.speakers ?? []) {
    if (speaker.savedVoice) continue;
    if (speaker.voicedSeconds >= MIN_SPEAKER_VOICED_SECONDS && speaker.f0MedianHz !== undefined) continue;
    ctx.warn(
      'voices',
      `Speaker ${speaker.speaker} has too little voiced speech (${speaker.voicedSeconds.toFixed(1)} s) to measure ` +
        'their voice: their lines are spoken in a plain voice, with each line’s intonation where it could be measured.',
    );
  }
}

/**
 * Says, in plain words, where a speaker is spoken by a stand-in: a robotic voice (no natural one
 * for the language here), or a voice of the other kind set to their pitch (no man's or no
 * woman's voice for the language here). A saved voice is the creator's choice: not said.
 */
function warnAboutStandInVoices(ctx: StageContext, voices: readonly BaseVoice[], robotic: boolean): void {
  const language = LANGUAGES[ctx.request.targetLanguage].name;
  if (robotic) {
    ctx.warn(
      'voices',
      `${language} is spoken by a robotic voice: no natural-sounding ${language} voice is installed here.`,
    );
    return;
  }
  for (const speaker of ctx.timeline.speakers ?? []) {
    if (speaker.savedVoice) continue;
    const voice = voices.find((listed) => listed.id === speaker.voice.voice);
    const kind = standInKind(speaker, voice);
    if (!kind) continue;
    ctx.warn(
      'voices',
      kind === 'lowered'
        ? `Speaker ${speaker.speaker} sounds like a man, but no man’s voice speaks ${language} here: a woman’s voice speaks them, lowered to their pitch.`
        : `Speaker ${speaker.speaker} sounds like a woman, but no woman’s voice speaks ${language} here: a man’s voice speaks them, raised to their pitch.`,
    );
  }
}
