import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { addressOf, Routes, type LiveCaption } from '@voxlate/contract';
import { usePageTitle } from '../lib/page-title.js';

/** A final line stays up this long unless the next line replaces it. */
const HOLD_MS = 8000;

/**
 * The caption overlay for OBS (a Browser source): the live session's translation in large text
 * on a transparent background, with what is being said now in smaller text above it. Follows
 * the session given by `?session=`, else the newest one and each one after it.
 */
export function CaptionOverlayPage() {
  const [params] = useSearchParams();
  const session = params.get('session');
  const [heard, setHeard] = useState('');
  const [said, setSaid] = useState('');
  usePageTitle('Live captions');
  useEffect(() => {
    document.documentElement.classList.add('overlay');
    return () => document.documentElement.classList.remove('overlay');
  }, []);
  useEffect(() => {
    const url = addressOf(Routes.liveCaptions, { query: session ? { session } : {} });
    const events = new EventSource(url);
    let clear: ReturnType<typeof setTimeout> | undefined;
    events.onmessage = (event: MessageEvent<string>) => {
      const caption = JSON.parse(event.data) as LiveCaption;
      if (!caption.final) return setHeard(caption.source_text);
      setHeard('');
      if (!caption.target_text) return;
      setSaid(caption.target_text);
      clearTimeout(clear);
      clear = setTimeout(() => setSaid(''), HOLD_MS);
    };
    return () => {
      clearTimeout(clear);
      events.close();
    };
  }, [session]);
  return (
    <div className="caption-overlay" aria-live="polite">
      <p className="heard">{heard}</p>
      <p className="said" data-testid="overlay-caption">
        {said}
      </p>
    </div>
  );
}
