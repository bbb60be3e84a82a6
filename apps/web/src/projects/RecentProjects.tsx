import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { listJobs, type Job } from '../lib/jobs-api.js';
import { languageInfo } from '../lib/languages.js';
import { STATE_TEXT } from './job-state-text.js';

/** The latest projects kept by the service, to reopen in the editor (nothing shown when there are none). */
export function RecentProjects() {
  const [jobs, setJobs] = useState<Job[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    listJobs(10, controller.signal)
      .then(setJobs)
      .catch(() => setJobs([]));
    return () => controller.abort();
  }, []);
  if (jobs.length === 0) return null;
  return (
    <section className="card recent-projects" aria-labelledby="recent-projects">
      <h2 id="recent-projects">Recent projects</h2>
      <ul>
        {jobs.map((job) => (
          <li key={job.id}>
            <Link to={`/creator-studio/projects/${job.id}`}>{job.input_name}</Link>
            <span>
              {languageInfo(job.target_language)?.name ?? job.target_language} · {STATE_TEXT[job.state]} ·{' '}
              {new Date(job.created_at).toLocaleString()}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
