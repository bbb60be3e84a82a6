import type { SavedRun } from './saved-run.js';
import type { LanguageCode } from '../languages.js';
import type { Segment, Timeline } from '../timeline.js';

/** The tasks whose work does not depend on the target language: kept when a run is taken to another. */
const SOURCE_SIDE_TASKS: ReadonlySet<string> = new Set(['recognition', 'speech detection', 'separation', 'speakers']);

/**
 * A finished run of some media, made ready for a dub of the same media into another language:
 * what was heard (ingest, separation, speech found, speakers, recognition, with their files and
 * the source lines' measured tracks) is kept; everything the target made (translations, voices,
 * clips, timing, lip sync, review, the mix's level) is taken out, for the stages from translation
 * on to make again. Several targets of one upload share the listening this way.
 */
export function forAnotherTarget(saved: SavedRun, target: LanguageCode): SavedRun {
  const timeline: Timeline = structuredClone(saved.timeline);
  timeline.targetLanguage = target;
  timeline.segments = timeline.segments.map(heardOnly);
  timeline.warnings = [];
  timeline.engines = (timeline.engines ?? []).filter((use) => SOURCE_SIDE_TASKS.has(use.task));
  for (const field of ['outputDuration', 'speakers', 'voiceMode', 'lipSync', 'mixGainDb'] as const)
    delete timeline[field];
  const { container: _container, ...rest } = saved;
  return { ...rest, timeline, stageSeconds: {} };
}

/** A line as it was heard: its times, speaker and source text, nothing of its dub. */
function heardOnly(segment: Segment): Segment {
  const { id, start, end, speaker, speakerChosen, sourceText, words, prosody } = segment;
  return {
    id,
    start,
    end,
    ...(speaker === undefined ? {} : { speaker }),
    ...(speakerChosen ? { speakerChosen } : {}),
    sourceText,
    words,
    targetText: '',
    quality: 'full',
    engines: segment.engines.asr === undefined ? {} : { asr: segment.engines.asr },
    ...(prosody ? { prosody } : {}),
  };
}
