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
        <SecondsField
          label="From (seconds)"
          placeholder="Start"
          value={start}
          onChange={(value) => onChange(value, end)}
        />
        <SecondsField label="To (seconds)" placeholder="End" value={end} onChange={(value) => onChange(start, value)} />
      </div>
      <small id="part-hint">Leave both empty to dub the whole file. Outside the part, the original audio stays.</small>
    </fieldset>
  );
}

function SecondsField(props: { label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        type="number"
        inputMode="decimal"
        min={0}
        step={0.1}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}
