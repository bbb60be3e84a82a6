import { useEffect, useRef } from 'react';

/**
 * Focus goes to the heading a ref points at whenever `key` changes after the first render (a new
 * studio stage): a keyboard or screen reader user lands on the new step, not back at the logo.
 */
export function useFocusOnChange(key: unknown) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [key]);
  return heading;
}
