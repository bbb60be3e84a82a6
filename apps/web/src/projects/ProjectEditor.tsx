import { useCallback, useEffect, useRef, useState } from 'react';
import { StudioError } from '../lib/api.js';
import {
  EditConflict,
  editLine,
  fetchJob,
  followJob,
  jobUrls,
  renameSpeaker,
  chooseSpeakerVoice,
  giveSpeakerSavedVoice,
  renderJob,
  type Job,
  type LineChange,
} from '../lib/jobs-api.js';
import { ProgressBar } from '../components/ProgressBar.js';
import { LineRow } from './LineRow.js';
import { ResultDownloads } from './ResultDownloads.js';
import { ReviewBar } from './ReviewBar.js';
import { SpeakerNames } from './SpeakerNames.js';
import { CheckBar, linesInView, type CheckView } from './CheckBar.js';
import { useSpanPlayer } from './use-span-player.js';
import { useLanguageSupport } from '../lib/language-support.js';
import { saveSpeakerVoice } from '../lib/voice-library-api.js';
import { useSavedVoices } from './use-saved-voices.js';
import { packageAddress } from '../lib/publish-api.js';
import { PublishPackage } from './PublishPackage.js';

const WORKING = new Set(['queued', 'running']);

/**
 * The project's lines in a table, each original and translation editable in place, each line to
 * hear in the original and in the dub; "Re-dub changed lines" renders only the edited lines
 * again, with its progress, and the result below follows the new revision.
 */
export function ProjectEditor({ jobId, onLoaded }: { jobId: string; onLoaded?: (job: Job) => void }) {
  const [job, setJob] = useState<Job | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [progress, setProgress] = useState<{ progress: number; phase: string } | undefined>();
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  const [checkView, setCheckView] = useState<CheckView>({ worstFirst: false, onlyToHear: false });
  const player = useSpanPlayer();
  const support = useLanguageSupport();
  const library = useSavedVoices();
  const [notice, setNotice] = useState<string | undefined>();

  const load = useCallback(async () => {
    try {
      setJob(await fetchJob(jobId));
    } catch (caught) {
      setError(caught instanceof StudioError ? caught.message : 'The project could not be loaded.');
    }
  }, [jobId]);

  useEffect(() => void load(), [load]);
  useEffect(() => {
    if (job) onLoaded?.(job);
  }, [job, onLoaded]);

  const working = job !== undefined && WORKING.has(job.state);
  useEffect(() => {
    if (!working) return undefined;
    return followJob(jobId, {
      progress: (value, phase) => setProgress({ progress: value, phase }),
      state: (state) => {
        if (!WORKING.has(state)) {
          setProgress(undefined);
          void load();
        }
      },
    });
  }, [jobId, working, load]);

  // Lines whose boxes hold typed text not saved yet, and the saves under way: "Re-dub changed
  // lines" counts the first and waits for the second, so one click re-dubs even when it is the
  // click that takes the focus from a box (and so saves it).
  const [unsaved, setUnsaved] = useState<ReadonlySet<number>>(new Set());
  const saving = useRef(new Set<Promise<boolean>>());
  const markUnsaved = (line: number, dirty: boolean): void =>
    setUnsaved((previous) => {
      if (previous.has(line) === dirty) return previous;
      const next = new Set(previous);
      if (dirty) next.add(line);
      else next.delete(line);
      return next;
    });

  const save = (line: number, change: LineChange): Promise<boolean> => {
    const done = saveNow(line, change);
    saving.current.add(done);
    void done.finally(() => saving.current.delete(done));
    return done;
  };

  const saveNow = async (line: number, change: LineChange): Promise<boolean> => {
    try {
      setError(undefined);
      const revision = job?.segments?.find((segment) => segment.id === line)?.revision ?? 0;
      setJob(await editLine(jobId, line, change, revision));
      markUnsaved(line, false);
      return true;
    } catch (caught) {
      if (caught instanceof EditConflict) {
        // Someone else's edit went in first: show theirs, and let the creator decide.
        await load();
        markUnsaved(line, false);
        setError(`${caught.message} Its current text is shown now: edit it again to replace it.`);
        return false;
      }
      setError(caught instanceof StudioError ? caught.message : 'The change could not be saved.');
      return false;
    }
  };

  /** A speaker change: the job as it comes back, or the refusal shown; true when it went through. */
  const changeSpeaker = async (change: () => Promise<Job | undefined>, failed: string): Promise<boolean> => {
    try {
      setError(undefined);
      const changed = await change();
      if (changed) setJob(changed);
      return true;
    } catch (caught) {
      setError(caught instanceof StudioError ? caught.message : failed);
      return false;
    }
  };

  const saveVoice = (speaker: string, name: string, rights: string): Promise<boolean> =>
    changeSpeaker(async () => {
      const saved = await saveSpeakerVoice({ jobId, speaker, name, rights });
      setNotice(`Saved “${saved.name}” to your voice library.`);
      await library.reload();
      return undefined;
    }, 'The voice could not be saved.');

  const redub = async (): Promise<void> => {
    // The box just left is being saved: the re-dub starts from it, and not if a save failed.
    const saved = await Promise.all([...saving.current]);
    if (saved.includes(false)) return;
    try {
      setError(undefined);
      player.stop();
      setProgress({ progress: 0, phase: 'Queued' });
      setJob({ ...(await renderJob(jobId)), segments: job?.segments ?? [] });
    } catch (caught) {
      setProgress(undefined);
      setError(caught instanceof StudioError ? caught.message : 'The re-dub could not start.');
    }
  };

  if (!job) {
    return (
      <section className="card project-editor" aria-label="Edit the lines">
        <h2>Edit the lines</h2>
        {error ? <p role="alert">{error}</p> : <p role="status">Loading the project…</p>}
      </section>
    );
  }
  const urls = jobUrls(job.id);
  const resultUrl = job.result ? urls.result(job.result.revision) : undefined;
  const changed = new Set([...job.edited_lines, ...unsaved]).size;
  const lines = job.segments ?? [];
  // A line the creator marked checked keeps its flags on show but no longer wants a look.
  const flagged = lines.filter((line) => (line.review ?? []).length > 0 && !line.checked);
  const shown = linesInView(onlyFlagged ? flagged : lines, checkView);
  return (
    <section className="card project-editor" aria-labelledby={`editor-${job.id}`}>
      <div className="editor-header">
        <h2 id={`editor-${job.id}`}>Edit the lines</h2>
        <button type="button" className="button" disabled={changed === 0 || working} onClick={() => void redub()}>
          Re-dub changed lines{changed > 0 ? ` (${changed})` : ''}
        </button>
      </div>
      <p className="editor-hint">
        Fix a word in the original or the translation, or give a line to another speaker, then re-dub: only the changed
        lines are spoken again.
      </p>
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      {working && (
        <div className="editor-progress" role="status" aria-live="polite">
          <span>{progress?.phase ?? 'Queued'}</span>
          <ProgressBar label="Re-dub progress" value={progress?.progress ?? 0} />
        </div>
      )}
      {/* Up to date only when nothing is typed and unsaved either (a save may be under way). */}
      {!working && job.state === 'ready' && changed === 0 && (
        <p className="editor-state" role="status">
          Dub up to date.
        </p>
      )}
      {!working && changed > 0 && (job.state === 'stale' || job.state === 'ready') && (
        <p className="editor-state" role="status">
          {changed} changed {changed === 1 ? 'line' : 'lines'}: the download is still the previous dub until you re-dub.
        </p>
      )}
      <SpeakerNames
        speakers={job.speakers ?? []}
        voices={support.speech[job.target_language]?.voices ?? []}
        locked={working}
        onRename={(speaker, name) =>
          void changeSpeaker(() => renameSpeaker(jobId, speaker, name), 'The name could not be saved.')
        }
        onVoice={(speaker, voice) =>
          void changeSpeaker(() => chooseSpeakerVoice(jobId, speaker, voice), 'The voice could not be changed.')
        }
        library={library.voices}
        onSavedVoice={(speaker, savedVoice) =>
          void changeSpeaker(
            () => giveSpeakerSavedVoice(jobId, speaker, savedVoice),
            'The saved voice could not be given.',
          )
        }
        onSaveVoice={saveVoice}
      />
      {notice && (
        <p className="editor-hint" role="status">
          {notice}
        </p>
      )}
      <ReviewBar
        flagged={flagged.length}
        total={lines.length}
        onlyFlagged={onlyFlagged}
        onToggle={setOnlyFlagged}
        engines={job.engines_used}
      />
      <CheckBar lines={lines} language={job.target_language} view={checkView} onView={setCheckView} />
      <div className="table-scroll">
        <table className="lines">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Speaker</th>
              <th scope="col">Original</th>
              <th scope="col">Translation</th>
              <th scope="col">Quality</th>
              <th scope="col">Tempo</th>
              <th scope="col">Listen</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((line) => (
              <LineRow
                key={line.id}
                line={line}
                speakers={job.speakers ?? []}
                locked={working}
                playing={player.playing}
                urls={{ source: urls.source, result: resultUrl }}
                onSave={(change) => void save(line.id, change)}
                onDirty={(dirty) => markUnsaved(line.id, dirty)}
                onPlay={player.play}
                onStop={player.stop}
              />
            ))}
          </tbody>
        </table>
      </div>
      {resultUrl && <ResultDownloads job={job} resultUrl={resultUrl} />}
      {job.result && (
        <PublishPackage address={packageAddress({ job: job.id })} languages={[job.target_language]} ready />
      )}
    </section>
  );
}
