import { useRef } from 'react';

/** A button that opens the file picker (the input itself stays hidden); the chosen file goes to `onFile`. */
export function FileButton(props: {
  label: string;
  /** The hidden input's name, which tests and assistive technology can find it by. */
  inputLabel: string;
  accept: string;
  disabled?: boolean;
  className?: string;
  describedBy?: string;
  onFile: (file: File) => void;
}) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={props.className ?? 'button secondary small'}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onClick={() => picker.current?.click()}
      >
        {props.label}
      </button>
      <input
        ref={picker}
        type="file"
        hidden
        accept={props.accept}
        aria-label={props.inputLabel}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) props.onFile(file);
          // The same file chosen again is a new choice.
          event.target.value = '';
        }}
      />
    </>
  );
}
