import { useCallback, useReducer, type Dispatch as ReactDispatch } from 'react';
import { downloadName } from '@voxlate/core';
import {
  processVideo,
  StudioError,
  translateAudio,
  translateUrl,
  type DubAnswer,
  type VideoEvent,
} from '../lib/api.js';
import { base64ToBlob } from '../lib/media-data.js';
import { fileError, submitError, urlSubmitError, type ContentType } from '../lib/validation.js';
import { INITIAL_STATE, studioReducer, type StudioAction, type StudioState } from './studio-state.js';
import { useObjectUrls } from './use-object-url.js';

/** The studio's state and the actions the page calls (spec sections 4, 5, 7, 8). */
export function useStudio() {
  const [state, dispatch] = useReducer(studioReducer, INITIAL_STATE);
  const urls = useObjectUrls();

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
    const problem = submitError(state.file, state.targetLanguage, state.stage);
    if (problem) return dispatch({ type: 'set-error', message: problem });
    dispatch({ type: 'start', statusText: 'Preparing...' });
    try {
      if (state.stage === 'audio') await runAudio(state, dispatch, urls.create);
      else await runVideo(state, dispatch, urls.create);
    } catch (error) {
      dispatch({ type: 'fail', message: messageOf(error), statusText: 'Failed.' });
    } finally {
      dispatch({ type: 'finish' });
    }
  }, [state, urls]);

  const translateFromUrl = useCallback(
    async (url: string) => {
      const problem = urlSubmitError(url, state.targetLanguage);
      if (problem) return dispatch({ type: 'set-error', message: problem });
      dispatch({ type: 'start', statusText: 'Processing from URL...', progress: 5 });
      try {
        const answer = await translateUrl(url.trim(), state.targetLanguage);
        const source = new File([base64ToBlob(answer.source_audio ?? '', 'audio/wav')], 'audio_from_url', {
          type: 'audio/wav',
        });
        dispatch({ type: 'set-file', file: source, previewUrl: urls.create('preview', source) });
        dispatch({ type: 'start', statusText: 'Processing from URL...', progress: 5 });
        succeedWithAudio(answer, downloadName(nameOfLink(url), state.targetLanguage, 'wav'), dispatch, urls.create);
      } catch (error) {
        dispatch({
          type: 'fail',
          message: error instanceof StudioError ? error.message : 'Failed to process URL',
          statusText: 'Failed.',
        });
      } finally {
        dispatch({ type: 'finish' });
      }
    },
    [state.targetLanguage, urls],
  );

  return { state, dispatch, chooseType, reset, chooseFile, translate, translateFromUrl };
}

type Dispatch = ReactDispatch<StudioAction>;
type CreateUrl = (slot: 'preview' | 'result', blob: Blob) => string;

async function runAudio(state: StudioState, dispatch: Dispatch, createUrl: CreateUrl): Promise<void> {
  const answer = await translateAudio(state.file!, state.targetLanguage);
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
    ...(answer.job_id ? { jobId: answer.job_id } : {}),
  });
}

async function runVideo(state: StudioState, dispatch: Dispatch, createUrl: CreateUrl): Promise<void> {
  await processVideo(
    {
      file: state.file!,
      targetLanguage: state.targetLanguage,
      lipSync: state.lipSync,
      voiceCloning: state.voiceCloning,
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
          ...(event.job_id ? { jobId: event.job_id } : {}),
        });
      }
      if (typeof event.progress === 'number') {
        dispatch({ type: 'progress', progress: event.progress, ...(event.phase ? { statusText: event.phase } : {}) });
      }
    },
  );
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
