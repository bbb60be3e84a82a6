import { useEffect, useMemo, useRef } from 'react';
import type { LanguageInfo } from '@voxlate/contract';
import { CANCELLED_STATUS, emptyResultHint, type StudioState } from '../studio/studio-state.js';
import { AudioPlayer } from './AudioPlayer.js';
import { DownloadLinks } from './DownloadLinks.js';
import { ProgressBar } from './ProgressBar.js';
import { plainWarning } from '../lib/plain-note.js';
import { PlainNoteView } from './PlainNoteView.js';

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
  const panel = useInViewWhenShown(state.working ? 'working' : state.resultUrl ? 'result' : 'empty');
  const title = language
    ? `${language.flag} ${language.name} Translation`
    : video
      ? 'Translated Video'
      : 'Translated Audio';
  return (
    <section
      ref={panel}
      className="panel translated-panel"
      aria-label="Translation result"
      data-revision={state.resultStale ? undefined : state.resultRevision}
    >
      <h2>{title}</h2>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement(state)}
      </p>
      {state.working ? (
        <div className="working">
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
          {state.background && <PlainNoteView className="background-note" note={state.background} />}
          {state.warnings.length > 0 && (
            <ul className="warnings" aria-label="Warnings">
              {state.warnings.map((warning) => (
                <li key={warning}>
                  <PlainNoteView className="warning" note={plainWarning(warning)} />
                </li>
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
          <p>{emptyResultHint(state)}</p>
        </div>
      )}
    </section>
  );
}

/**
 * Brings the panel into view when it starts showing progress or a result: the Translate button
 * sits below the panels, so without this the creator watches a greyed-out form (at a laptop's
 * height and at phone width alike).
 */
function useInViewWhenShown(showing: 'working' | 'result' | 'empty') {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = panel.current;
    // jsdom (the unit tests) has no layout and no scrollIntoView.
    if (showing === 'empty' || !element || !('scrollIntoView' in element)) return;
    element.scrollIntoView({ block: showing === 'working' ? 'center' : 'start' });
  }, [showing]);
  return panel;
}

/**
 * What screen readers hear, from one region that stays in the page (a region added with its
 * text is often not read): the phase and progress in steps of ten per cent, then that the dub is ready.
 */
export function announcement(state: StudioState): string {
  if (state.working) {
    const tens = Math.floor(state.progress / 10) * 10;
    return `${state.statusText || 'Processing...'} ${tens}% complete`;
  }
  if (state.resultUrl && state.resultStale) return 'Re-dubbing your changes.';
  if (state.resultUrl) return 'Your dub is ready: play it or download it below.';
  return '';
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
