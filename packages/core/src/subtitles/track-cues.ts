import type { Timeline } from '../timeline.js';
import { bilingualCues } from './bilingual-cues.js';
import type { Cue } from '@voxlate/shared';
import { timelineCues } from './timeline-cues.js';

/**
 * The cues of the dub's own subtitles (the file's track and the burned-in text): the target
 * language's, or both languages' when the creator asked for bilingual subtitles.
 */
export function trackCues(timeline: Timeline, subtitles: { bilingual?: boolean }): Cue[] {
  return subtitles.bilingual === true ? bilingualCues(timeline) : timelineCues(timeline, 'target');
}
