import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { downloadName } from '@voxlate/contract';
import { StudioHeader } from '../components/StudioHeader.js';
import { ProgressBar } from '../components/ProgressBar.js';
import { fetchGroup, type Job, type JobGroup } from '../lib/jobs-api.js';
import { languageInfo } from '../lib/languages.js';
import { usePageTitle } from '../lib/page-title.js';
import { packageAddress } from '../lib/publish-api.js';
import { PublishPackage } from '../projects/PublishPackage.js';
import { STATE_TEXT } from '../projects/job-state-text.js';

/** How often the page asks for the group while any language is still being dubbed. */
const POLL_MS = 1000;

/**
 * One file dubbed into several languages: the progress of all of them and of each (one
 * request, not a stream per language: a browser keeps only six connections to a server), each
 * language's project to open in the editor, and its dub to download once ready.
 */
export function GroupPage() {
  const { id = '' } = useParams();
  const [group, setGroup] = useState<JobGroup | undefined>();
  const [error, setError] = useState<string | undefined>();
  usePageTitle(group?.jobs[0]?.input_name ?? 'Languages');
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = (): void => {
      fetchGroup(id, controller.signal)
        .then((read) => {
          setGroup(read);
          setError(undefined);
          if (read.state === 'queued' || read.state === 'running') timer = setTimeout(poll, POLL_MS);
        })
        .catch((reason: unknown) => {
          if (controller.signal.aborted) return;
          setError(reason instanceof Error ? reason.message : String(reason));
        });
    };
    poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id]);
  const waiting = group?.state === 'queued' || group?.state === 'running';
  return (
    <div className="studio">
      <StudioHeader title={group?.jobs[0]?.input_name ?? 'Languages'} />
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      {group && (
        <section className="card" aria-labelledby="group-heading">
          <h2 id="group-heading">
            {group.jobs.length} languages · {waiting ? `${Math.round(group.progress)}% done` : STATE_TEXT[group.state]}
          </h2>
          <ProgressBar label="All languages" value={group.progress} />
          <ul className="group-languages">
            {group.jobs.map((job) => (
              <GroupLanguage key={job.id} job={job} />
            ))}
          </ul>
        </section>
      )}
      {group && (
        <PublishPackage
          address={packageAddress({ group: group.id })}
          languages={group.jobs.map((job) => job.target_language)}
          ready={group.jobs.every((job) => job.result)}
        />
      )}
    </div>
  );
}

function GroupLanguage({ job }: { job: Job }) {
  const name = languageInfo(job.target_language)?.name ?? job.target_language;
  const running = job.state === 'queued' || job.state === 'running';
  return (
    <li>
      <div className="group-language-head">
        <strong>{name}</strong>
        <span role="status">{running && job.phase ? job.phase : STATE_TEXT[job.state]}</span>
      </div>
      <ProgressBar label={name} value={job.progress} />
      {job.error && !running && <span className="hint">{job.error.message}</span>}
      <span>
        <Link to={`/creator-studio/projects/${job.id}`}>Open the {name} project</Link>
        {job.result && (
          <>
            {' '}
            ·{' '}
            <a href={job.links.result} download>
              Download ({downloadName(job.input_name, job.target_language, job.result.container)})
            </a>
          </>
        )}
      </span>
    </li>
  );
}
