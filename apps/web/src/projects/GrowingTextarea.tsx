import { useLayoutEffect, useRef, type TextareaHTMLAttributes } from 'react';

/**
 * A text box as tall as its text (a long line is read whole, never clipped behind a scroll bar):
 * its height follows its content at every change, never under its `rows`.
 */
export function GrowingTextarea(props: TextareaHTMLAttributes<HTMLTextAreaElement> & { value: string }) {
  const box = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    // scrollHeight leaves out the borders, which the height (border-box) includes.
    const borders = element.offsetHeight - element.clientHeight;
    element.style.height = `${element.scrollHeight + borders}px`;
  }, [props.value]);
  return <textarea ref={box} {...props} />;
}
