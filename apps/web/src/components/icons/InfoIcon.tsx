/**
 * A circled "i" drawn as SVG: the ⓘ glyph is missing from the fonts many systems have (it showed
 * as an empty box in Chromium on Debian), an inline drawing is there everywhere.
 */
export function InfoIcon() {
  return (
    <svg className="info-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <rect x="7.25" y="7" width="1.5" height="5" rx="0.5" fill="currentColor" />
      <circle cx="8" cy="4.6" r="1" fill="currentColor" />
    </svg>
  );
}
