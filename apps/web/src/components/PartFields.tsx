interface Props {
  start: string;
  end: string;
  disabled: boolean;
  onChange: (start: string, end: string) => void;
}

/** Dub only part of the file: from and to, in seconds; the rest keeps its original audio. */
export function PartFields({ start, end, disabled, onChange }: Props) {
  return (
    <fieldset className="part-fields" disabled={disabled} aria-describedby="part-hint">
      <legend>Part to dub</legend>
      <div className="part-inputs">
        <label className="field">
          <span>From (seconds)</span>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.1}
            placeholder="Start"
            value={start}
            onChange={(event) => onChange(event.target.value, end)}
          />
        </label>
        <label className="field">
          <span>To (seconds)</span>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.1}
            placeholder="End"
            value={end}
            onChange={(event) => onChange(start, event.target.value)}
          />
        </label>
      </div>
      <small id="part-hint">Leave both empty to dub the whole file. Outside the part, the original audio stays.</small>
    </fieldset>
  );
}
