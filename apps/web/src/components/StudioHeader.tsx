import { Link } from 'react-router-dom';

/** A studio page's heading, with the way back to the studio's first step. */
export function StudioHeader({ title }: { title: string }) {
  return (
    <div className="studio-header">
      <h1>{title}</h1>
      <Link className="button secondary" to="/creator-studio">
        Back to the studio
      </Link>
    </div>
  );
}
