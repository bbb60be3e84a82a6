import { useCallback, useEffect, useRef } from 'react';

/**
 * Creates object URLs and releases each one when it is replaced or the studio unmounts,
 * so previews and results never leak (spec section 4).
 */
export function useObjectUrls(): {
  create: (slot: 'preview' | 'result', blob: Blob) => string;
  releaseAll: () => void;
} {
  const urls = useRef(new Map<string, string>());
  const release = useCallback((slot: string) => {
    const url = urls.current.get(slot);
    if (url) URL.revokeObjectURL(url);
    urls.current.delete(slot);
  }, []);
  const create = useCallback(
    (slot: 'preview' | 'result', blob: Blob) => {
      release(slot);
      const url = URL.createObjectURL(blob);
      urls.current.set(slot, url);
      return url;
    },
    [release],
  );
  const releaseAll = useCallback(() => {
    for (const slot of [...urls.current.keys()]) release(slot);
  }, [release]);
  useEffect(() => releaseAll, [releaseAll]);
  return { create, releaseAll };
}
