import {
  bilingualCues,
  fitOf,
  SKIP_REASON_TEXT,
  timelineCues,
  timelineTranscripts,
  toSrt,
  toWebVtt,
  type LipSyncOutcome,
  type Timeline,
} from '@voxlate/core';
import type { DubFactsAnswer, ProvenanceManifestAnswer, SubtitleFiles } from '@voxlate/contract';
import { checkFields } from './check-fields.js';
import { segmentVoiceFields, speakerFields, voiceModeOf } from './voice-fields.js';

/** The fields every dubbing answer carries beside the media (the spec's, then ours), but its job id. */
export function resultFields(
  run: { timeline: Timeline; provenance: unknown; subtitles?: { bilingual?: boolean } | undefined },
  extraWarnings: readonly string[] = [],
): Omit<DubFactsAnswer, 'job_id'> {
  const { timeline } = run;
  return {
    transcripts: timelineTranscripts(timeline),
    // The language heard: the one asked for, or the one detected when none was named.
    source_language: timeline.sourceLanguage,
    segments: timeline.segments.map((segment) => ({
      start: segment.start,
      end: segment.end,
      source_text: segment.sourceText,
      target_text: segment.targetText,
      quality: segment.quality,
      engines: segment.engines,
      ...(segment.mtRoute === undefined ? {} : { route: segment.mtRoute }),
      ...(segment.shortened ? { shortened: true } : {}),
      ...fitOf(segment),
      ...segmentVoiceFields(segment),
      ...(segment.lipSync ? { lip_sync: lipSyncField(segment.lipSync) } : {}),
      // Why a creator should check the line ([] when nothing): unsure words, untranslated words, fit, gist.
      review: segment.review ?? [],
      ...(segment.check ? { check: checkFields(segment.check) } : {}),
    })),
    review_lines: timeline.segments.filter((segment) => (segment.review?.length ?? 0) > 0).length,
    // Every engine that made the dub, with its quality label (full/gist translation, offline/neural).
    engines_used: timeline.engines ?? [],
    speakers: speakerFields(timeline.speakers),
    voice_mode: voiceModeOf(timeline),
    ...(timeline.diariser ? { diariser: timeline.diariser } : {}),
    ...(timeline.lipSync ? { lip_sync: lipSyncFields(timeline.lipSync) } : {}),
    warnings: [...timeline.warnings, ...extraWarnings],
    // How the original's sound was kept: separated (background at full level) or ducked.
    ...(timeline.background ? { background: timeline.background } : {}),
    subtitles: subtitles(timeline, run.subtitles?.bilingual === true),
    // Signed with the installation's key: save it beside the file as <file>.voxlate.json.
    provenance: run.provenance as ProvenanceManifestAnswer,
  };
}

/** A line's lip sync outcome in the answer's snake_case, with the reason in words when skipped. */
function lipSyncField(outcome: LipSyncOutcome): DubFactsAnswer['segments'][number]['lip_sync'] {
  return {
    status: outcome.status,
    ...(outcome.reason ? { reason: outcome.reason, reason_text: SKIP_REASON_TEXT[outcome.reason] } : {}),
    frames: outcome.frames,
    synced_frames: outcome.syncedFrames,
  };
}

/** The dub's lip sync summary in snake_case, with how its picture was written (copied groups). */
function lipSyncFields(lipSync: NonNullable<Timeline['lipSync']>): DubFactsAnswer['lip_sync'] {
  const { engine, synced, skipped, picture } = lipSync;
  if (!picture) return { engine, synced, skipped };
  return {
    engine,
    synced,
    skipped,
    picture: {
      frames: picture.frames,
      encoded_frames: picture.encodedFrames,
      groups: picture.groups,
      copied_groups: picture.copiedGroups,
      ...(picture.wholeBecause ? { whole_because: picture.wholeBecause } : {}),
    },
  };
}

function subtitles(timeline: Timeline, bilingual: boolean): DubFactsAnswer['subtitles'] {
  const side = (which: 'source' | 'target'): SubtitleFiles => {
    const cues = timelineCues(timeline, which);
    const language = which === 'source' ? timeline.sourceLanguage : timeline.targetLanguage;
    return { language, srt: toSrt(cues), vtt: toWebVtt(cues) };
  };
  if (!bilingual) return { source: side('source'), target: side('target') };
  const both = bilingualCues(timeline);
  const languages = [timeline.targetLanguage, timeline.sourceLanguage];
  return {
    source: side('source'),
    target: side('target'),
    bilingual: { languages, srt: toSrt(both), vtt: toWebVtt(both) },
  };
}
