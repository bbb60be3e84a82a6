import {
  checkSummary,
  describeEngines,
  fitOf,
  LANGUAGES,
  reviewSummary,
  voiceProvenance,
  type DubRun,
} from '@voxlate/core';

/** Median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Whether the dub sits over the separated background or over the ducked original. */
function backgroundLine(run: DubRun): string {
  const background = run.timeline.background;
  if (background?.method === 'separated')
    return `  background: voice separated out by ${background.engine}, kept at full level`;
  if (background?.method === 'removed')
    return `  background: original silenced over each dubbed line and its source speech (${background.reason})`;
  if (background)
    return `  background: original lowered ${background.duckDb} dB under each dubbed line and its source speech (${background.reason})`;
  return '  background: original ducked under the dub';
}

/** How many people were heard, and by which engine. */
function speakersLine(run: DubRun): string {
  const count = new Set(run.timeline.segments.map((segment) => segment.speaker)).size;
  const by = run.timeline.diariser ? ` (told apart by ${run.timeline.diariser})` : '';
  return `  speakers: ${count}${by}`;
}

/** The voice the dub speaks in: whose voices were cloned, from which reference, or shaped or plain voices. */
function voiceLine(run: DubRun): string {
  const voice = voiceProvenance(run.timeline, run.timeline.voiceMode ?? 'shaped');
  if (!voice.cloned)
    return `  voice: ${voice.mode === 'shaped' ? 'shaped to each speaker' : 'a plain voice per speaker'}`;
  const lines = run.timeline.segments.filter((segment) => segment.voice?.reference);
  const own = lines.filter((segment) => segment.voice?.reference?.kind === 'line').length;
  return (
    `  voice: cloned (${voice.cloned.engine}) for ${voice.cloned.speakers.join(', ')}; ` +
    `${own} of ${lines.length} lines from their own speech, the rest from their speaker's reference`
  );
}

/** How many lines got new mouths, when lip sync ran. */
function lipSyncLines(run: DubRun): string[] {
  const lipSync = run.timeline.lipSync;
  if (!lipSync) return [];
  return [`  lip sync: ${lipSync.synced} of ${lipSync.synced + lipSync.skipped} lines synced (${lipSync.engine})`];
}

/** The closing lines: segments, tempo statistics, background, quality and warnings. */
export function summarise(run: DubRun, seconds: number): string {
  const segments = run.timeline.segments;
  const tempos = segments.flatMap((segment) => (segment.fit ? [segment.fit.tempo] : []));
  const spedUp = tempos.filter((tempo) => tempo > 1.0005).length;
  const overflowing = segments.filter((segment) => fitOf(segment).overflow > 0).length;
  const gist = segments.filter((segment) => segment.quality === 'gist').length;
  const lines = [
    `Done in ${seconds.toFixed(1)} s: ${run.output}`,
    `  segments: ${segments.length} (${gist} gist-quality), media ${run.timeline.duration.toFixed(1)} s`,
    tempos.length > 0
      ? `  tempo: ${spedUp} sped up, median ${median(tempos).toFixed(2)}x, max ${Math.max(...tempos).toFixed(2)}x; ` +
        `${overflowing} overflowing`
      : '  tempo: no dubbed lines',
    speakersLine(run),
    voiceLine(run),
    backgroundLine(run),
    ...lipSyncLines(run),
    `  engines: ${describeEngines(run.timeline.engines)}`,
    `  review: ${reviewSummary(run.timeline)} (--report lists the words)`,
    checkLine(run),
    ...run.timeline.warnings.map((warning) => `  warning: ${warning}`),
  ];
  return lines.join('\n');
}

/** The dub's own check: the lines to listen to first, and what was measured. */
function checkLine(run: DubRun): string {
  const language = LANGUAGES[run.timeline.targetLanguage].name;
  return `  check: ${checkSummary(run.timeline.segments, language) ?? 'no dubbed lines'}`;
}
