/** A progress bar (0-100) with the name assistive technology reads out. */
export function ProgressBar({ label, value }: { label: string; value: number }) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div style={{ width: `${value}%` }} />
    </div>
  );
}
