import { chooseVoices } from '../voice/choose-voices.js';
import { speakInSavedVoice } from '../voice/saved-voice.js';
import { savedVoiceFor } from '../voice/saved-voice-for.js';
import { speakerProfile, type MeasuredLine } from '../voice/speaker-profile.js';
import type { StageContext } from './stage-context.js';
import { giveReferences } from './voice-cloning.js';

/**
 * Gives a voice to each speaker a creator moved a line to who had none yet (a speaker the
 * diariser missed): measured over their lines' saved tracks, the nearest base voice the other
 * speakers do not have, set to their pitch as at the first run, and, when the dub clones, a
 * reference from their own speech. The other speakers keep their voices exactly, so the rest of
 * the dub sounds as before.
 */
export async function voiceNewSpeakers(ctx: StageContext): Promise<void> {
  const { timeline, request } = ctx;
  const known = new Set((timeline.speakers ?? []).map((speaker) => speaker.speaker));
  const linesOf = new Map<string, MeasuredLine[]>();
  for (const segment of timeline.segments) {
    const speaker = segment.speaker ?? 'S1';
    if (known.has(speaker)) continue;
    const lines = linesOf.get(speaker) ?? [];
    const track = ctx.voiceWork.sourceTracks.get(segment.id);
    if (track && segment.prosody) lines.push({ track, prosody: segment.prosody });
    linesOf.set(speaker, lines);
  }
  if (linesOf.size === 0) return;
  const profiles = [...linesOf].map(([speaker, lines]) => speakerProfile(speaker, lines));
  const synthesiser = await ctx.ports.engines.synthesiser(request.targetLanguage, request.engines?.tts);
  const voices = (await synthesiser.baseVoices?.(request.targetLanguage)) ?? [];
  // The mode the dub speaks in ('clone' asked for may have become 'shaped' at the first run).
  const mode = timeline.voiceMode ?? ctx.choices.voice.mode;
  const matched = chooseVoices(profiles, voices, mode, timeline.speakers ?? []);
  // A speaker the request gave a saved voice to, first heard now, is spoken in it.
  const saved = request.savedVoices ?? {};
  const added = matched.map((speaker) => {
    const voice = savedVoiceFor(saved, speaker.speaker);
    const engine = { engine: synthesiser.id, language: request.targetLanguage, voices };
    return voice ? speakInSavedVoice(speaker, voice, engine, mode) : speaker;
  });
  timeline.speakers = [...(timeline.speakers ?? []), ...added];
  if (mode !== 'clone') return;
  const cloner = await ctx.ports.engines.voiceCloner(request.targetLanguage, request.engines?.clone);
  if (cloner) giveReferences(ctx, added, cloner);
}
