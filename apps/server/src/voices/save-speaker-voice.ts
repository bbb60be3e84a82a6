import { join } from 'node:path';
import type { SaveVoiceBody } from '@voxlate/contract';
import { Conflict, NotFound, savedVoiceFrom, speechToSave, type Timeline } from '@voxlate/core';
import type { Jobs } from '@voxlate/jobs';
import { type StoredVoice, type VoiceSpeech, type WorkspaceLibraries } from '@voxlate/workspace';
import { writeSpeechWav } from '@voxlate/media';
import type { RequestFolders } from '../requests/request-folders.js';

/** What saving a voice works with: the jobs, their files, the libraries, a folder to cut the speech in. */
export interface VoiceSaving {
  jobs: Pick<Jobs, 'get' | 'current' | 'inputOf'>;
  libraries: Pick<WorkspaceLibraries, 'of'>;
  folders: RequestFolders;
}

/** The speech is kept at the rate the cloning engines read (they resample from it). */
const SPEECH_RATE = 24_000;

/**
 * Saves a speaker of a finished job to the library: their measures, the base voice the job spoke
 * them in, their cleanest speech cut from the job's media, and the creator's statement. The job
 * must be the workspace's, and the voice goes into the workspace's library.
 */
export async function saveSpeakerVoice(
  context: VoiceSaving,
  body: SaveVoiceBody,
  workspace: string | undefined,
): Promise<StoredVoice> {
  const { jobs, folders } = context;
  const job = await jobs.get(body.job_id, workspace);
  const current = await jobs.current(job.id);
  if (!current) throw new Conflict(`Job ${job.id} has no finished dub yet: save its voices once it is done.`);
  const { timeline } = current;
  const speaker = (timeline.speakers ?? []).find((candidate) => candidate.speaker === body.speaker);
  if (!speaker) {
    const known = (timeline.speakers ?? []).map((candidate) => candidate.speaker).join(', ') || 'none';
    throw new NotFound(`Job ${job.id} has no voiced speaker ${body.speaker}: its speakers are ${known}.`);
  }
  const folder = await folders.create();
  try {
    const input = jobs.inputOf(job);
    const spans = speechToSave(timeline.segments, speaker);
    const speech = spans.length > 0 ? await cutSpeech(input, spans, folder.dir) : undefined;
    const rights = { statement: body.rights_statement.trim(), at: new Date().toISOString() };
    const saved = savedVoiceFrom(speaker, {
      id: '',
      name: body.name.trim(),
      rights,
      language: timeline.targetLanguage,
      ...synthesisEngine(timeline),
    });
    return await context.libraries.of(workspace).voices.add(
      {
        name: saved.name,
        profile: saved.profile,
        baseVoices: saved.baseVoices,
        rights,
        savedFrom: { jobId: job.id, speaker: speaker.speaker, sourceLanguage: timeline.sourceLanguage },
      },
      speech,
    );
  } finally {
    await folder.remove();
  }
}

async function cutSpeech(
  input: string,
  spans: readonly { start: number; end: number }[],
  dir: string,
): Promise<VoiceSpeech> {
  const wavPath = join(dir, 'speech.wav');
  const seconds = await writeSpeechWav(input, spans, wavPath, { sampleRate: SPEECH_RATE, workDir: dir });
  return { wavPath, seconds: Math.round(seconds * 100) / 100, from: 'original' };
}

/** The synthesiser the dub spoke in (its base voices are that engine's). */
function synthesisEngine(timeline: Timeline): { engine?: string } {
  const engine = timeline.engines?.find((use) => use.task === 'synthesis')?.engine;
  return engine === undefined ? {} : { engine };
}
