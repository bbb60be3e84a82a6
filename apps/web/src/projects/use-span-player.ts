import { useCallback, useEffect, useRef, useState } from 'react';

/** What is playing: which media and which line. */
export interface Playing {
  url: string;
  key: string;
}

/**
 * Plays a stretch of a media file (a line of the original or of the dub) in one hidden audio
 * element, stopping at the stretch's end; playing another stretch stops the first.
 */
export function useSpanPlayer() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<Playing | undefined>();
  const stopAt = useRef(0);

  useEffect(() => {
    const element = new Audio();
    element.preload = 'none';
    const onTime = (): void => {
      if (element.currentTime >= stopAt.current) {
        element.pause();
        setPlaying(undefined);
      }
    };
    const onEnded = (): void => setPlaying(undefined);
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('ended', onEnded);
    audio.current = element;
    return () => {
      element.pause();
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('ended', onEnded);
      audio.current = null;
    };
  }, []);

  const play = useCallback((span: Playing & { start: number; end: number }) => {
    const element = audio.current;
    if (!element) return;
    // The same file keeps its buffer; a new revision of the result comes with a new address.
    if (element.src !== new URL(span.url, location.href).href) element.src = span.url;
    stopAt.current = span.end;
    element.currentTime = span.start;
    setPlaying({ url: span.url, key: span.key });
    element.play().catch(() => setPlaying(undefined));
  }, []);

  const stop = useCallback(() => {
    audio.current?.pause();
    setPlaying(undefined);
  }, []);

  return { playing, play, stop };
}
