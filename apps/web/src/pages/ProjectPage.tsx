import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { usePageTitle } from '../lib/page-title.js';
import { ProjectEditor } from '../projects/ProjectEditor.js';

/** A past project reopened: its lines in the editor, under its own name. */
export function ProjectPage() {
  const { id = '' } = useParams();
  const [name, setName] = useState<string | undefined>();
  usePageTitle(name ?? 'Project');
  return (
    <div className="studio">
      <div className="studio-header">
        <h1>{name ?? 'Project'}</h1>
        <Link className="button secondary" to="/creator-studio">
          Back to the studio
        </Link>
      </div>
      <ProjectEditor jobId={id} onLoaded={(job) => setName(job.input_name)} />
    </div>
  );
}
