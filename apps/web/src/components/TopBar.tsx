import { Link, useLocation } from 'react-router-dom';

/** Hidden on "/"; full width on the studio and its pages; brand link and Creator Studio button elsewhere. */
export function TopBar() {
  const { pathname } = useLocation();
  if (pathname === '/') return null;
  return (
    <header className={`top-bar${pathname.startsWith('/creator-studio') ? ' full-width' : ''}`}>
      <Link to="/" className="brand">
        Voxlate
      </Link>
      <Link to="/creator-studio" className="button">
        Creator Studio
      </Link>
    </header>
  );
}
