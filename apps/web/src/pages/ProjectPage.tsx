import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { StudioHeader } from '../components/StudioHeader.js';
import { usePageTitle } from '../lib/page-title.js';
import type { Job } from '../lib/jobs-api.js';
import { ProjectEditor } from '../projects/ProjectEditor.js';
import { ProjectPlayer } from '../projects/ProjectPlayer.js';

/** A past project reopened under its own name: its whole dub to play, and its lines in the editor. */
export function ProjectPage() {
  const { id = '' } = useParams();
  const [job, setJob] = useState<Job | undefined>();
  usePageTitle(job?.input_name ?? 'Project');
  return (
    <div className="studio">
      <StudioHeader title={job?.input_name ?? 'Project'} />
      {job && <ProjectPlayer job={job} />}
      <ProjectEditor jobId={id} onLoaded={setJob} />
    </div>
  );
}
