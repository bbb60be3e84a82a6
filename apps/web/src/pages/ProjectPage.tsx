import { Link, useParams } from 'react-router-dom';
import { ProjectEditor } from '../projects/ProjectEditor.js';

/** A past project reopened: its lines in the editor. */
export function ProjectPage() {
  const { id = '' } = useParams();
  return (
    <div className="studio">
      <div className="studio-header">
        <h1>Project</h1>
        <Link className="button secondary" to="/creator-studio">
          Back to the studio
        </Link>
      </div>
      <ProjectEditor jobId={id} />
    </div>
  );
}
