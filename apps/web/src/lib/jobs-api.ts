import type { EngineUse, ReviewFlag } from '@voxlate/core';
import { nonOkMessage, StudioError } from './api.js';

/** A line of a stored job, as the jobs API gives it. */
export interface JobLine {
  id: number;
  start: number;
  end: number;
  speaker: string;
  source_text: string;
  target_text: string;
  quality: 'full' | 'gist';
  fit: { tempo: number; shift: number; overflow: number };
  dubbed?: { start: number; end: number };
  /** Why a creator should check the line ([] when nothing). */
  review: ReviewFlag[];
  stale: boolean;
}

export type JobState = 'queued' | 'running' | 'ready' | 'stale' | 'failed' | 'cancelled';

/** A stored job (a project), as the jobs API gives it. */
export interface Job {
  id: string;
  state: JobState;
  progress: number;
  phase?: string;
  revision: number;
  created_at: string;
  input_name: string;
  kind: 'audio' | 'video';
  source_language: string;
  target_language: string;
  edited_lines: number[];
  warnings: string[];
  error?: { message: string };
  result: { container: string; revision: number } | null;
  segments?: JobLine[];
  /** Every engine that made the dub and its quality label (with the job's run). */
  engines_used?: EngineUse[];
}

export const jobUrls = (id: string) => ({
  result: `/api/jobs/${id}/result`,
  source: `/api/jobs/${id}/source`,
  events: `/api/jobs/${id}/events`,
  subtitles: (language: string, format: 'srt' | 'vtt') => `/api/jobs/${id}/subtitles/${language}.${format}`,
});

async function answer<T>(response: Response): Promise<T> {
  if (!response.ok) throw new StudioError(await nonOkMessage(response));
  return (await response.json()) as T;
}

export async function fetchJob(id: string, signal?: AbortSignal): Promise<Job> {
  return answer<Job>(await fetch(`/api/jobs/${encodeURIComponent(id)}`, signal ? { signal } : {}));
}

export async function listJobs(size: number, signal?: AbortSignal): Promise<Job[]> {
  return (await answer<{ jobs: Job[] }>(await fetch(`/api/jobs?size=${size}`, signal ? { signal } : {}))).jobs;
}

export async function editLine(
  id: string,
  line: number,
  change: { source_text?: string; target_text?: string },
): Promise<Job> {
  return answer<Job>(
    await fetch(`/api/jobs/${id}/segments/${line}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(change),
    }),
  );
}

export async function renderJob(id: string): Promise<Job> {
  return answer<Job>(await fetch(`/api/jobs/${id}/render`, { method: 'POST' }));
}

/**
 * Follows a job's event stream (the browser reconnects by itself, sending the last event id);
 * returns the function that stops following.
 */
export function followJob(
  id: string,
  on: { progress: (progress: number, phase: string) => void; state: (state: JobState) => void },
): () => void {
  const source = new EventSource(jobUrls(id).events);
  source.addEventListener('progress', (event) => {
    const data = JSON.parse((event as MessageEvent<string>).data) as { progress: number; phase: string };
    on.progress(data.progress, data.phase);
  });
  const onState = (event: Event): void => {
    on.state((JSON.parse((event as MessageEvent<string>).data) as { state: JobState }).state);
  };
  source.addEventListener('state', onState);
  source.addEventListener('snapshot', onState);
  return () => source.close();
}
