import { useState } from 'react';
import { StudioHeader } from '../components/StudioHeader.js';
import { LanguageOptions } from '../components/LanguageOptions.js';
import { useGlossaries } from '../lib/glossary-api.js';
import { useLanguageSupport } from '../lib/language-support.js';
import { languageInfo, TARGET_LANGUAGES } from '../lib/languages.js';
import { liveStatusWords } from '../live/live-status-words.js';
import { useLiveSession, type LiveState } from '../live/use-live-session.js';
import { usePageTitle } from '../lib/page-title.js';

/**
 * Live translation: speak into the microphone, see captions as you talk and hear the dub about
 * two seconds behind; download the session afterwards. Its own page, linked from the studio.
 */
export function LivePage() {
  const support = useLanguageSupport();
  const { state, start, stop, setVolume, setMuted } = useLiveSession();
  const glossaries = useGlossaries();
  const [glossaryId, setGlossaryId] = useState('');
  const [source, setSource] = useState('eng');
  const [target, setTarget] = useState('spa');
  const [volume, setVolumeValue] = useState(1);
  const [muted, setMutedValue] = useState(false);
  usePageTitle('Live translation');
  const busy = state.phase === 'starting' || state.phase === 'live' || state.phase === 'ending';
  const hearable = support.live.length > 0 ? support.live : ['eng'];
  const sourceName = languageInfo(source)?.name ?? source;
  const targetName = languageInfo(target)?.name ?? target;
  return (
    <div className="studio live">
      <StudioHeader title="Live translation" />
      <p className="live-intro">
        Speak, and be heard in another language about two seconds later: captions appear as you talk, and the dubbed
        voice follows your pitch and pace. Everything runs on this machine.
      </p>
      {state.error && (
        <div className="alert" role="alert">
          {state.error}
        </div>
      )}
      <section className="card live-controls" aria-label="Live settings">
        <label className="field">
          <span>You speak</span>
          <select value={source} disabled={busy} onChange={(event) => setSource(event.target.value)}>
            {TARGET_LANGUAGES.map((language) => (
              <option key={language.code} value={language.code} disabled={!hearable.includes(language.code)}>
                {language.flag} {language.name}
                {hearable.includes(language.code) ? '' : ' (no live recogniser installed)'}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Translate into</span>
          <select value={target} disabled={busy} onChange={(event) => setTarget(event.target.value)}>
            <LanguageOptions qualities={support.quality} />
          </select>
        </label>
        {glossaries.length > 0 && (
          <label className="field">
            <span>Say words as (glossary)</span>
            <select value={glossaryId} disabled={busy} onChange={(event) => setGlossaryId(event.target.value)}>
              <option value="">No glossary</option>
              {glossaries.map((glossary) => (
                <option key={glossary.id} value={glossary.id}>
                  {glossary.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {busy ? (
          <button type="button" className="button large" disabled={state.phase !== 'live'} onClick={() => void stop()}>
            {state.phase === 'ending' ? 'Finishing the last lines…' : 'Stop'}
          </button>
        ) : (
          <button
            type="button"
            className="button large"
            disabled={source === target}
            onClick={() => start(source, target, glossaryId === '' ? undefined : glossaryId)}
          >
            Start speaking
          </button>
        )}
        <div className="live-audio">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={muted}
              onChange={(event) => {
                setMutedValue(event.target.checked);
                setMuted(event.target.checked);
              }}
            />
            Mute the dub
          </label>
          <label className="field inline">
            <span>Volume</span>
            <input
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={volume}
              onChange={(event) => {
                setVolumeValue(Number(event.target.value));
                setVolume(Number(event.target.value));
              }}
            />
          </label>
        </div>
      </section>
      <LiveStatus state={state} sourceName={sourceName} targetName={targetName} />
      <Captions state={state} />
      <OverlayLink sessionId={state.sessionId} />
      {state.files && <SessionDownloads state={state} source={source} target={target} />}
    </div>
  );
}

function LiveStatus({ state, sourceName, targetName }: { state: LiveState; sourceName: string; targetName: string }) {
  return (
    <p className="live-status" role="status" aria-live="polite">
      {liveStatusWords(state, sourceName, targetName)}
      {state.lagSeconds !== undefined && (
        <span className="live-lag" data-testid="live-lag">
          {' '}
          Lag {state.lagSeconds.toFixed(1)} s
        </span>
      )}
      {state.linesPlayed > 0 && (
        <span data-testid="lines-played">
          {' '}
          · {state.linesPlayed} line{state.linesPlayed === 1 ? '' : 's'} spoken
        </span>
      )}
    </p>
  );
}

function Captions({ state }: { state: LiveState }) {
  if (state.lines.length === 0) return null;
  return (
    <section className="card live-captions" aria-label="Captions">
      <h2>Captions</h2>
      <ol>
        {state.lines.map((line) => (
          <li
            key={line.id}
            className={line.final ? 'final' : 'partial'}
            data-testid={line.final ? 'final-line' : 'partial-line'}
          >
            <p className="source">{line.sourceText || '…'}</p>
            {line.targetText !== null && <p className="target">{line.targetText}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function OverlayLink({ sessionId }: { sessionId: string | undefined }) {
  const overlay = `${location.origin}/live/overlay`;
  return (
    <section className="card live-overlay" aria-label="Caption overlay">
      <h2>Captions in OBS</h2>
      <p>
        Add a Browser source with the address <a href="/live/overlay">{overlay}</a>: it shows the captions of the
        session running here, large, on a transparent background, from one session to the next.
        {sessionId && (
          <>
            {' '}
            For this session only:{' '}
            <a href={`/live/overlay?session=${sessionId}`}>{`${overlay}?session=${sessionId}`}</a>
          </>
        )}
      </p>
    </section>
  );
}

function SessionDownloads({ state, source, target }: { state: LiveState; source: string; target: string }) {
  const files = state.files!;
  const stamp = new Date().toISOString().slice(0, 16).replace(/[T:]/g, '-');
  const name = (suffix: string): string => `voxlate-live-${stamp}.${suffix}`;
  const links: [string, string, string][] = [
    [files.sourceAudio, name(`${source}.wav`), `Your voice (${languageInfo(source)?.name}, WAV)`],
    [files.dubbedAudio, name(`${target}.wav`), `The dub (${languageInfo(target)?.name}, WAV)`],
    [files.sourceSrt, name(`${source}.srt`), `${languageInfo(source)?.name} captions (SRT)`],
    [files.sourceVtt, name(`${source}.vtt`), `${languageInfo(source)?.name} captions (WebVTT)`],
    [files.targetSrt, name(`${target}.srt`), `${languageInfo(target)?.name} captions (SRT)`],
    [files.targetVtt, name(`${target}.vtt`), `${languageInfo(target)?.name} captions (WebVTT)`],
  ];
  return (
    <section className="card live-downloads" aria-label="Download the session">
      <h2>Download the session</h2>
      <ul>
        {links.map(([href, download, label]) => (
          <li key={download}>
            <a href={href} download={download}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
