import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { StudioHeader } from '../components/StudioHeader.js';
import { usePageTitle } from '../lib/page-title.js';
import { ProjectEditor } from '../projects/ProjectEditor.js';

/** A past project reopened: its lines in the editor, under its own name. */
export function ProjectPage() {
  const { id = '' } = useParams();
  const [name, setName] = useState<string | undefined>();
  usePageTitle(name ?? 'Project');
  return (
    <div className="studio">
      <StudioHeader title={name ?? 'Project'} />
      <ProjectEditor jobId={id} onLoaded={(job) => setName(job.input_name)} />
    </div>
  );
}
