import { useEffect } from 'react';

/** What the browser's tab, history and bookmarks call the page: `<what> · Voxlate`. */
export function usePageTitle(what: string | undefined): void {
  useEffect(() => {
    document.title = what ? `${what} · Voxlate` : 'Voxlate: dub your videos and podcasts';
  }, [what]);
}
