import type { Timeline } from '../timeline.js';
import { enginesUsed } from './engines-used.js';
import { voiceProvenance } from './cloned-voices.js';

/** The tool that made a dub, named in its metadata and manifest. */
export interface ToolInfo {
  name: string;
  version: string;
}

/**
 * The metadata a dubbed file carries to say that its speech is synthetic, and what made it: ffmpeg
 * writes `comment` as the WAV INFO ICMT and the MP4 ©cmt, `description`, `originator`,
 * `origination_date`/`_time` and `coding_history` into the WAV's broadcast extension (bext), and
 * `date` and `description` into MP4 tags. Plain text, so players and `ffprobe` show it.
 */
export function outputTags(timeline: Timeline, tool: ToolInfo, made: Date): Record<string, string> {
  const languages = `${timeline.sourceLanguage} -> ${timeline.targetLanguage}`;
  const engines = Object.entries(enginesUsed(timeline))
    .map(([task, ids]) => `${task} ${ids.join('+')}`)
    .join(', ');
  const iso = made.toISOString();
  const { cloned, nonCommercial } = voiceProvenance(timeline, timeline.voiceMode ?? 'shaped');
  const voices =
    (cloned ? ` Cloned voices of ${cloned.speakers.join(', ')} (${cloned.engine}).` : '') +
    (nonCommercial ? ` Voices for non-commercial use only: ${nonCommercial.voices.join(', ')}.` : '');
  const statement = `Synthetic speech: dubbed by ${tool.name} ${tool.version} (${languages})`;
  return {
    comment: `${statement}.${voices} Engines: ${engines}. ${iso}`,
    description: statement.slice(0, 256),
    originator: `${tool.name} ${tool.version}`.slice(0, 32),
    origination_date: iso.slice(0, 10),
    origination_time: iso.slice(11, 19),
    coding_history: `A=PCM,T=${tool.name} ${tool.version} dub ${timeline.sourceLanguage}>${timeline.targetLanguage}`,
    date: iso.slice(0, 10),
  };
}
