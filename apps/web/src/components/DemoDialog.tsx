import { useRef, type RefObject } from 'react';

export interface Demo {
  dialog: RefObject<HTMLDialogElement | null>;
  open: () => void;
}

/** The demo's dialog, opened by Watch Demo, Schedule Demo and Book a Demo. */
export function useDemo(): Demo {
  const dialog = useRef<HTMLDialogElement>(null);
  return {
    dialog,
    open: () => {
      dialog.current?.showModal();
      void dialog.current
        ?.querySelector('video')
        ?.play()
        .catch(() => undefined);
    },
  };
}

/**
 * The landing's demo clip with its sound and controls, in a modal dialog (Escape or Close ends
 * it, and the clip stops). A self-hosted product has no one to book a demo with: the demo is this.
 */
export function DemoDialog({ demo }: { demo: Demo }) {
  const close = (): void => demo.dialog.current?.close();
  return (
    <dialog
      ref={demo.dialog}
      className="demo-dialog"
      aria-labelledby="demo-title"
      onClose={() => demo.dialog.current?.querySelector('video')?.pause()}
    >
      <h2 id="demo-title">Voxlate demo</h2>
      <video src="/videos/demo.mp4" controls playsInline preload="none" aria-label="Demo: a clip dubbed by Voxlate" />
      <p>A clip dubbed by Voxlate: the voice, the timing and the background as it makes them.</p>
      <button type="button" className="button" onClick={close}>
        Close
      </button>
    </dialog>
  );
}
