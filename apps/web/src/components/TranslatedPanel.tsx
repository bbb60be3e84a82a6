import { useEffect, useMemo } from 'react';
import type { LanguageInfo } from '@voxlate/contract';
import { CANCELLED_STATUS, type StudioState } from '../studio/studio-state.js';
import { AudioPlayer } from './AudioPlayer.js';
import { DownloadLinks } from './DownloadLinks.js';
import { ProgressBar } from './ProgressBar.js';

/** The result: player and downloads, or the spinner with progress, or what to do first. */
export function TranslatedPanel({
  state,
  language,
  video,
  onCancel,
}: {
  state: StudioState;
  language: LanguageInfo | undefined;
  video: boolean;
  /** Stops the work (shown while working). */
  onCancel?: () => void;
}) {
  const subtitlesUrl = useTextUrl(state.subtitles?.target?.vtt, 'text/vtt');
  const title = language
    ? `${language.flag} ${language.name} Translation`
    : video
      ? 'Translated Video'
      : 'Translated Audio';
  return (
    <section
      className="panel"
      aria-label="Translation result"
      data-revision={state.resultStale ? undefined : state.resultRevision}
    >
      <h2>{title}</h2>
      {state.working ? (
        <div className="working" role="status" aria-live="polite">
          <div className="spinner" aria-hidden="true" />
          <p className="status-text">{state.statusText || 'Processing...'}</p>
          {state.progress > 0 && (
            <>
              <ProgressBar label="Translation progress" value={state.progress} />
              <p className="progress-text">{Math.round(state.progress)}% complete</p>
            </>
          )}
          {onCancel && (
            <button type="button" className="button secondary" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      ) : state.resultUrl ? (
        <>
          {video ? (
            <video
              className="video-player"
              src={state.resultUrl}
              controls
              aria-label="Translated video"
              data-testid="result-video"
            >
              {subtitlesUrl && state.subtitles?.target && (
                <track
                  default
                  kind="subtitles"
                  src={subtitlesUrl}
                  srcLang={state.subtitles.target.language}
                  label={language?.name ?? state.subtitles.target.language}
                />
              )}
            </video>
          ) : (
            <AudioPlayer url={state.resultUrl} label="Translated audio" />
          )}
          {state.resultStale ? (
            <p className="stale-result" role="status">
              Re-dubbing your changes: this player and the downloads are the previous dub until the new one is ready.
            </p>
          ) : (
            <p className="ready">Translated output • Ready for download</p>
          )}
          <DownloadLinks
            resultUrl={state.resultUrl}
            resultName={state.resultName ?? 'translated'}
            subtitles={state.subtitles}
          />
          {state.backgroundText && <p className="background-note">{state.backgroundText}</p>}
          {state.warnings.length > 0 && (
            <ul className="warnings" aria-label="Warnings">
              {state.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <div className="empty-result">
          {state.statusText === CANCELLED_STATUS && (
            <p className="status-text" role="status">
              Cancelled. The service kept nothing of it.
            </p>
          )}
          {!video && <AudioPlayer url={undefined} label="Translated" />}
          <p className="empty-title">Translation will appear here</p>
          <p>Upload a file and select a language to begin</p>
        </div>
      )}
    </section>
  );
}

/** A blob URL for a text (the player's subtitles), released when the text changes or the panel goes. */
function useTextUrl(text: string | undefined, type: string): string | undefined {
  const url = useMemo(() => (text ? URL.createObjectURL(new Blob([text], { type })) : undefined), [text, type]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
