import type { Job, JobLine, JobSpeaker } from '@voxlate/contract';
import { checkFields } from './check-fields.js';
import {
  DEFAULT_CHOICES,
  fitOf,
  placedSpan,
  stageLabel,
  stemsOffered,
  type Segment,
  type StageName,
  type Timeline,
} from '@voxlate/core';
import { voiceModeOf } from './voice-fields.js';
import { type JobRuns, type StoredJob } from '@voxlate/jobs';

/** Where a job's files are served from (the answers carry these links). */
export function jobLinks(id: string): Job['links'] {
  const base = `/api/jobs/${id}`;
  return {
    self: base,
    events: `${base}/events`,
    result: `${base}/result`,
    source: `${base}/source`,
    report: `${base}/report`,
    stems: `${base}/stems/`,
  };
}

/**
 * A job as the jobs API shows it, in snake_case like the spec's endpoints: its state, progress,
 * the phases it runs, revision, warnings and stage times, its files, and (with its run) its lines.
 */
export function jobFields(
  job: StoredJob,
  live: { progress: number; phase: string } | undefined,
  /** With its runs: its lines and speakers (the current run) and its stems (the rendered one). */
  { current, rendered }: Partial<JobRuns> = {},
): Job {
  const { request } = job;
  const timeline = current?.timeline;
  const edited = new Set(job.edited?.lines ?? []);
  const checked = new Set(job.checkedLines ?? []);
  return {
    id: job.id,
    state: job.state,
    progress: job.state === 'ready' ? 100 : Math.max(job.progress, live?.progress ?? 0),
    ...(live && (job.state === 'running' || job.state === 'queued') ? { phase: live.phase } : {}),
    phases: (request.phases ?? []).map((id) => ({ id, label: stageLabel(id as StageName) })),
    revision: job.revision,
    created_at: job.createdAt,
    updated_at: job.updatedAt,
    input_name: request.inputName,
    kind: request.kind,
    source_language: timeline?.sourceLanguage ?? request.sourceLanguage,
    target_language: request.targetLanguage,
    apply_lip_sync: request.choices.lipSync === true,
    burn_subtitles: request.choices.subtitles?.burnIn === true,
    bilingual_subtitles: request.choices.subtitles?.bilingual === true,
    ...(request.choices.timing?.part ? { part: request.choices.timing.part } : {}),
    ...(request.glossary ? { glossary: { id: request.glossary.id, name: request.glossary.name } } : {}),
    ...(request.group
      ? {
          group: {
            id: request.group.id,
            jobs: request.group.jobs.map(({ id, targetLanguage }) => ({ id, target_language: targetLanguage })),
          },
        }
      : {}),
    use_voice_cloning: request.choices.voice?.mode !== 'neutral',
    voice: request.choices.voice?.mode ?? DEFAULT_CHOICES.voice.mode,
    ...(timeline ? { voice_mode: voiceModeOf(timeline) } : {}),
    warnings: job.warnings,
    stage_seconds: job.stageSeconds,
    edited_lines: [...edited],
    ...(job.error ? { error: { message: job.error.message, code: job.error.code } } : {}),
    result: job.result ? { container: job.result.container, revision: job.result.revision } : null,
    links: jobLinks(job.id),
    ...(timeline ? { engines_used: timeline.engines ?? [] } : {}),
    ...(rendered && job.result
      ? {
          stems: stemsOffered(rendered).map((stem) => ({ file: `${stem.name}.${stem.extension}`, label: stem.label })),
        }
      : {}),
    ...(timeline
      ? {
          segments: timeline.segments.map((segment) =>
            segmentFields(segment, {
              edited: edited.has(segment.id),
              checked: checked.has(segment.id),
              revision: job.lineRevisions?.[segment.id] ?? 0,
            }),
          ),
          speakers: speakersOf(timeline, job.speakerNames ?? {}),
        }
      : {}),
  };
}

/**
 * Who speaks the job's lines: the speakers measured at the run and any a line was moved to
 * since, in id order (S2 before S10), each with the name the creator gave them and how many
 * lines they speak now.
 */
function speakersOf(timeline: Timeline, names: Record<string, string>): JobSpeaker[] {
  const lines = new Map<string, number>();
  for (const speaker of timeline.speakers ?? []) lines.set(speaker.speaker, 0);
  for (const segment of timeline.segments) {
    const speaker = segment.speaker ?? 'S1';
    lines.set(speaker, (lines.get(speaker) ?? 0) + 1);
  }
  const voices = new Map((timeline.speakers ?? []).map((speaker) => [speaker.speaker, speaker]));
  const engines = new Map(
    timeline.segments.flatMap((s) => (s.engines.tts ? [[s.speaker ?? 'S1', s.engines.tts]] : [])),
  );
  return [...lines]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([id, count]) => {
      const speaker = voices.get(id);
      const voice = speaker?.voice.voice;
      const engine = engines.get(id);
      const saved = speaker?.savedVoice;
      return {
        id,
        name: names[id] ?? id,
        lines: count,
        ...(voice
          ? { voice: { id: voice, ...(engine ? { engine } : {}), chosen: speaker?.voiceChosen === true } }
          : {}),
        ...(saved ? { saved_voice: { id: saved.id, name: saved.name } } : {}),
      };
    });
}

function segmentFields(segment: Segment, line: { edited: boolean; checked: boolean; revision: number }): JobLine {
  const placed = placedSpan(segment);
  return {
    id: segment.id,
    start: segment.start,
    end: segment.end,
    speaker: segment.speaker ?? 'S1',
    source_text: segment.sourceText,
    target_text: segment.targetText,
    quality: segment.quality,
    ...(segment.engines ? { engines: segment.engines } : {}),
    ...(segment.mtRoute ? { route: segment.mtRoute } : {}),
    fit: fitOf(segment),
    // Where the dubbed line sits in the result (it may start late or run long).
    ...(placed ? { dubbed: { start: placed.start, end: placed.end } } : {}),
    ...(segment.lipSync ? { lip_sync: segment.lipSync.status } : {}),
    ...(segment.voice
      ? {
          voice: {
            mode: segment.voice.mode,
            ...(segment.voice.reference ? { reference: segment.voice.reference } : {}),
          },
        }
      : {}),
    ...(segment.memory ? { memory: segment.memory } : {}),
    ...(segment.readAs ? { read_as: segment.readAs } : {}),
    review: segment.review ?? [],
    ...(segment.check ? { check: checkFields(segment.check) } : {}),
    checked: line.checked,
    stale: line.edited,
    revision: line.revision,
  };
}
