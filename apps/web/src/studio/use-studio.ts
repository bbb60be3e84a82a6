import { useCallback, useReducer, useRef, type Dispatch as ReactDispatch } from 'react';
import { downloadName, type DubAsk, type LanguageCode } from '@voxlate/contract';
import {
  processVideo,
  type PictureChoice,
  StudioError,
  translateAudio,
  type DubAnswer,
  type SourceChoice,
  type VideoEvent,
} from '../lib/api.js';
import { createJobGroup, type GroupAsked, type Job } from '../lib/jobs-api.js';
import { defaultSourceLanguage, type LanguageSupport } from '../lib/language-support.js';
import { languageInfo } from '../lib/languages.js';
import { base64ToBlob } from '../lib/media-data.js';
import { followRequest, newRequestId } from '../lib/request-progress.js';
import { sourceError, subtitlesFileError } from '../lib/source-language.js';
import { fileError, submitError, urlSubmitError, type ContentType } from '../lib/validation.js';
import { INITIAL_STATE, studioReducer, type StudioAction, type StudioState } from './studio-state.js';
import { useObjectUrls } from './use-object-url.js';
import { fetchRevisedResult } from './revised-result.js';
import { importLink } from './link-import.js';
import { backgroundNote } from '../lib/plain-note.js';

/** The studio's state and the actions the page calls (spec sections 4, 5, 7, 8), plus source choice and Cancel. */
export function useStudio(support: LanguageSupport, onGroup: (groupId: string) => void = () => undefined) {
  const [state, dispatch] = useReducer(studioReducer, INITIAL_STATE);
  const urls = useObjectUrls();
  const running = useRef<AbortController | undefined>(undefined);
  const sourceLanguage = state.sourceLanguage || defaultSourceLanguage(support);

  /** Stops the work in progress: the request is aborted and the service removes its job and files. */
  const cancel = useCallback(() => running.current?.abort(), []);

  const chooseSubtitles = useCallback((file: File | undefined) => {
    const problem = file && subtitlesFileError(file);
    if (problem) return dispatch({ type: 'set-error', message: problem });
    dispatch({ type: 'set-source-subtitles', file });
  }, []);

  const chooseType = useCallback(
    (contentType: ContentType) => {
      urls.releaseAll();
      dispatch({ type: 'choose-type', contentType });
    },
    [urls],
  );

  const reset = useCallback(() => {
    urls.releaseAll();
    dispatch({ type: 'reset' });
  }, [urls]);

  const chooseFile = useCallback(
    (file: File, contentType: ContentType) => {
      const problem = fileError(file, contentType);
      if (problem) return dispatch({ type: 'set-error', message: problem });
      dispatch({ type: 'set-file', file, previewUrl: urls.create('preview', file) });
    },
    [urls],
  );

  const translate = useCallback(async () => {
    if (state.stage === 'selection') return;
    const problem =
      submitError(state.file, state.targetLanguage, state.stage) ??
      sourceError(support, sourceLanguage, state.sourceSubtitles);
    if (problem) return dispatch({ type: 'set-error', message: problem });
    dispatch({ type: 'start', statusText: 'Preparing...' });
    const work = start(running);
    try {
      const choice = { ...choiceOf(state, sourceLanguage), signal: work.signal };
      if (state.moreLanguages.length > 0) onGroup(await startGroup(state, { file: state.file! }, choice, dispatch));
      else if (state.stage === 'audio') await runAudio(state, choice, dispatch, urls.create);
      else await runVideo(state, choice, dispatch, urls.create);
    } catch (error) {
      if (work.signal.aborted) dispatch({ type: 'cancelled' });
      else dispatch({ type: 'fail', message: messageOf(error), statusText: 'Failed.' });
    } finally {
      running.current = undefined;
      dispatch({ type: 'finish' });
    }
  }, [state, support, sourceLanguage, urls, onGroup]);

  const translateFromUrl = useCallback(
    async (url: string) => {
      const problem =
        urlSubmitError(url, state.targetLanguage) ?? sourceError(support, sourceLanguage, state.sourceSubtitles);
      if (problem) return dispatch({ type: 'set-error', message: problem });
      dispatch({ type: 'start', statusText: 'Processing from URL...', progress: 5 });
      const work = start(running);
      try {
        const choice = { ...choiceOf(state, sourceLanguage), signal: work.signal };
        if (state.moreLanguages.length > 0) {
          onGroup(await startGroup(state, { url: url.trim() }, choice, dispatch));
          return;
        }
        await runLink(url.trim(), state, choice, dispatch, urls.create);
      } catch (error) {
        if (work.signal.aborted) dispatch({ type: 'cancelled' });
        else {
          dispatch({
            type: 'fail',
            message: error instanceof StudioError ? error.message : 'Failed to process URL',
            statusText: 'Failed.',
          });
        }
      } finally {
        running.current = undefined;
        dispatch({ type: 'finish' });
      }
    },
    [state, support, sourceLanguage, urls, onGroup],
  );

  /**
   * The editor below the result loaded or changed the job: while it re-dubs, the panel says it
   * shows the previous dub; once a new revision is ready, the player, the Download button and
   * the subtitle buttons take it (fetched from the job), so no download is ever the stale one.
   */
  const revising = useRef<number | undefined>(undefined);
  const followProject = useCallback(
    (job: Job) => {
      if (!job.result || job.id !== state.jobId) return;
      const redubbing = job.state === 'queued' || job.state === 'running';
      dispatch({ type: 'project-seen', revision: job.result.revision, redubbing });
      const shown = state.resultRevision;
      const revision = job.result.revision;
      if (redubbing || shown === undefined || revision <= shown || revising.current === revision) return;
      revising.current = revision;
      fetchRevisedResult(job)
        .then((revised) =>
          dispatch({
            type: 'revise',
            revision: revised.revision,
            resultUrl: urls.create('result', revised.media),
            subtitles: revised.subtitles,
            transcripts: revised.transcripts,
          }),
        )
        .catch((error: unknown) =>
          dispatch({ type: 'set-error', message: `${messageOf(error)} The result above is the previous dub.` }),
        )
        .finally(() => {
          revising.current = undefined;
        });
    },
    [state.jobId, state.resultRevision, urls],
  );

  return {
    state,
    dispatch,
    followProject,
    sourceLanguage,
    chooseType,
    reset,
    chooseFile,
    chooseSubtitles,
    translate,
    translateFromUrl,
    cancel,
  };
}

type Dispatch = ReactDispatch<StudioAction>;
type CreateUrl = (slot: 'preview' | 'result', blob: Blob) => string;
type Choice = SourceChoice & { signal: AbortSignal };

/** What every request of the studio sends besides the media and the languages: what was chosen, nothing else. */
function choiceOf(state: StudioState, sourceLanguage: string): SourceChoice {
  const [start, end] = [state.part.start.trim(), state.part.end.trim()];
  return {
    ...(sourceLanguage ? { sourceLanguage: sourceLanguageCode(sourceLanguage) } : {}),
    subtitles: state.sourceSubtitles,
    ...(state.speakers === undefined ? {} : { speakers: state.speakers }),
    ...(state.bilingualSubtitles ? { bilingualSubtitles: true } : {}),
    ...(state.glossaryId ? { glossaryId: state.glossaryId } : {}),
    ...(Object.keys(state.speakerVoices).length > 0 ? { speakerVoices: state.speakerVoices } : {}),
    ...(start ? { start } : {}),
    ...(end ? { end } : {}),
    ...state.asked,
  };
}

/** The studio's chosen language as a code the contract knows (its menus offer no other). */
function targetCode(code: string): LanguageCode {
  if (!languageInfo(code)) throw new StudioError('Please select a target language');
  return code as LanguageCode;
}

type SourceLanguageChoice = NonNullable<DubAsk['sourceLanguage']>;

function sourceLanguageCode(code: string): SourceLanguageChoice {
  return code === 'auto' ? 'auto' : targetCode(code);
}

/**
 * Several languages: one project each, made together by the jobs API (the spec's endpoints
 * answer one dub). Returns the group's id once it is queued; its page follows it.
 */
async function startGroup(
  state: StudioState,
  media: GroupAsked['media'],
  choice: Choice,
  dispatch: Dispatch,
): Promise<string> {
  const job = await createJobGroup({
    ...choice,
    media,
    targetLanguages: [state.targetLanguage, ...state.moreLanguages].map(targetCode),
    ...(state.stage === 'audio' ? {} : pictureChoiceOf(state)),
  });
  dispatch({ type: 'progress', progress: 0, statusText: 'Queued.' });
  return job.group?.id ?? job.id;
}

/** A new abort controller for the work starting now (Cancel aborts it). */
function start(running: { current: AbortController | undefined }): AbortController {
  const work = new AbortController();
  running.current = work;
  return work;
}

/**
 * Sends a spec request with a fresh `request_id` and shows its stages (phase and progress) while
 * it waits for its one answer; stops following once it is answered or has failed.
 */
async function withStagesFollowed<T>(dispatch: Dispatch, send: (requestId: string) => Promise<T>): Promise<T> {
  const requestId = newRequestId();
  const stopFollowing = followRequest(requestId, ({ progress, phase }) =>
    dispatch({ type: 'progress', progress, ...(phase ? { statusText: phase } : {}) }),
  );
  try {
    return await send(requestId);
  } finally {
    stopFollowing();
  }
}

/** /translate as the spec says, with its stages followed beside it by request id. */
async function runAudio(state: StudioState, choice: Choice, dispatch: Dispatch, createUrl: CreateUrl): Promise<void> {
  const answer = await withStagesFollowed(dispatch, (requestId) =>
    translateAudio(state.file!, targetCode(state.targetLanguage), { ...choice, requestId }),
  );
  succeedWithAudio(answer, downloadName(state.file?.name, state.targetLanguage, 'wav'), dispatch, createUrl);
}

function succeedWithAudio(answer: DubAnswer, resultName: string, dispatch: Dispatch, createUrl: CreateUrl): void {
  dispatch({
    type: 'succeed',
    statusText: 'Completed!',
    resultUrl: createUrl('result', base64ToBlob(answer.audio ?? '', 'audio/wav')),
    resultName,
    transcripts: answer.transcripts ?? {},
    warnings: answer.warnings ?? [],
    subtitles: answer.subtitles,
    background: backgroundNote(answer.background),
    ...(answer.job_id ? { jobId: answer.job_id } : {}),
  });
}

async function runVideo(state: StudioState, choice: Choice, dispatch: Dispatch, createUrl: CreateUrl): Promise<void> {
  await processVideo(
    {
      file: state.file!,
      targetLanguage: targetCode(state.targetLanguage),
      ...pictureChoiceOf(state),
      ...choice,
    },
    (event: VideoEvent) => {
      if (event.error) {
        const message = event.details ? `${event.error}: ${event.details}` : event.error;
        return dispatch({ type: 'fail', message, statusText: `Error: ${event.phase ?? ''}` });
      }
      if (event.result) {
        dispatch({ type: 'progress', progress: 100, statusText: 'Video ready!' });
        return dispatch({
          type: 'succeed',
          statusText: 'Final video processed.',
          resultUrl: createUrl('result', base64ToBlob(event.result, 'video/mp4')),
          resultName: downloadName(state.file?.name, state.targetLanguage, 'mp4'),
          transcripts: event.transcripts ?? {},
          warnings: event.warnings ?? [],
          subtitles: event.subtitles,
          background: backgroundNote(event.background),
          ...(event.job_id ? { jobId: event.job_id } : {}),
        });
      }
      if (typeof event.progress === 'number') {
        dispatch({ type: 'progress', progress: event.progress, ...(event.phase ? { statusText: event.phase } : {}) });
      }
    },
  );
}

/**
 * A link imported as a job (importLink): it goes on without the tab. Once dubbed, the fetched
 * media becomes the loaded file ("audio_from_url" in audio mode) and the dub the result.
 */
async function runLink(
  url: string,
  state: StudioState,
  choice: Choice,
  dispatch: Dispatch,
  createUrl: CreateUrl,
): Promise<void> {
  const { requestId: _unfollowed, ...asked } = choice;
  const video = state.stage !== 'audio';
  const { job, result, source } = await importLink(
    { ...asked, url, targetLanguage: targetCode(state.targetLanguage), ...(video ? pictureChoiceOf(state) : {}) },
    {
      queued: () => dispatch({ type: 'progress', progress: 5, statusText: 'Processing from URL...' }),
      progress: (progress, phase) => dispatch({ type: 'progress', progress: Math.max(5, progress), statusText: phase }),
    },
  );
  if (video && job.kind !== 'video') {
    throw new StudioError('The link gave sound without a picture: it was dubbed as audio, and is in Recent projects.');
  }
  const sourceName = video ? (nameOfLink(url) ?? 'video_from_url') : 'audio_from_url';
  const file = new File([source], sourceName, { type: source.type || (video ? 'video/mp4' : 'audio/wav') });
  dispatch({ type: 'set-file', file, previewUrl: createUrl('preview', file) });
  dispatch({ type: 'start', statusText: 'Processing from URL...', progress: 5 });
  const container = job.result?.container ?? 'wav';
  dispatch({
    type: 'succeed',
    statusText: 'Completed!',
    resultUrl: createUrl('result', result.media),
    resultName: downloadName(nameOfLink(url), state.targetLanguage, container),
    transcripts: result.transcripts,
    warnings: job.warnings,
    subtitles: result.subtitles,
    jobId: job.id,
  });
}

/** The last part of a link's path ("episode-12.mp3"), or nothing usable. */
function nameOfLink(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url.trim()).pathname.split('/').pop() ?? '') || undefined;
  } catch {
    return undefined;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A video's picture and voice choices as the studio's switches set them. */
function pictureChoiceOf(state: StudioState): PictureChoice {
  return {
    applyLipSync: state.lipSync,
    useVoiceCloning: state.voiceCloning,
    ...(state.burnSubtitles ? { burnSubtitles: true } : {}),
  };
}
