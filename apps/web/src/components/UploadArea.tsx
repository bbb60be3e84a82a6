import { useRef, useState, type DragEvent } from 'react';

/** A drop zone and file picker. The accept list is a hint; the file is validated on choice. */
export function UploadArea(props: {
  label: string;
  hint: string;
  accept: string;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent): void => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !props.disabled) props.onFile(file);
  };
  return (
    <div
      className={`upload-area${over ? ' over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label className="upload-label">
        <span className="upload-title">{props.label}</span>
        <span className="upload-hint">{props.hint}</span>
        <input
          ref={input}
          type="file"
          accept={props.accept}
          disabled={props.disabled}
          aria-label={props.label}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) props.onFile(file);
            event.target.value = '';
          }}
        />
      </label>
    </div>
  );
}
