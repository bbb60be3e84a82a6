import { durationOf } from '../../audio.js';
import { lineSettings } from '../../voice/line-settings.js';
import type { VoiceSettings } from '../../voice/voice-types.js';
import type { Segment } from '../../timeline.js';
import { redoes } from '../redo-lines.js';
import type { StageContext } from '../stage-context.js';
import { recordEngine } from '../../engines-used.js';

/**
 * Speaks each translated segment in its speaker's voice (and, preserving voices, at the line's
 * own rate with its pauses), keeping the phoneme and word timings.
 */
export async function synthesise(ctx: StageContext): Promise<void> {
  const { timeline, request } = ctx;
  const synthesiser = await ctx.ports.engines.synthesiser(request.targetLanguage, request.engines?.tts);
  recordEngine(ctx.timeline, 'synthesis', synthesiser);
  const segments = timeline.segments;
  for (const [i, segment] of segments.entries()) {
    if (!redoes(ctx.redo, segment)) continue;
    forgetSpeech(segment);
    if (segment.targetText.trim() !== '') {
      const settings = settingsFor(ctx, segment);
      const speech = await synthesiser.synthesise(
        segment.targetText,
        request.targetLanguage,
        { signal: ctx.signal },
        settings,
      );
      if (durationOf(speech.audio) > 0) {
        segment.speech = await ctx.ports.clips.put(`speech-${segment.id}`, speech.audio);
        segment.phonemes = speech.phonemes;
      }
      segment.engines.tts = synthesiser.id;
      segment.voice = {
        mode: ctx.choices.voice.mode,
        baseVoice: settings.voice ?? synthesiser.id,
        rate: settings.rate ?? 1,
        contour: false,
        energy: false,
        timbre: false,
        pauses: settings.pauses?.length ?? 0,
      };
    }
    ctx.progress('synthesise', i + 1, segments.length);
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

function settingsFor(ctx: StageContext, segment: Segment): VoiceSettings {
  const speaker = ctx.timeline.speakers?.find((candidate) => candidate.speaker === segment.speaker);
  if (!speaker) return {};
  return lineSettings(
    speaker,
    segment.prosody,
    segment.end - segment.start,
    segment.targetText,
    ctx.choices.voice.mode,
  );
}
