import { useRef, type KeyboardEvent } from 'react';

export type SourceTab = 'upload' | 'url';

const TABS: { id: SourceTab; label: string }[] = [
  { id: 'upload', label: 'Upload' },
  { id: 'url', label: 'Paste URL' },
];

/** The id of the panel a source tab controls (OriginalPanel gives its panel this id). */
export const sourcePanelId = (tab: SourceTab): string => `source-panel-${tab}`;
export const sourceTabId = (tab: SourceTab): string => `source-tab-${tab}`;

/**
 * Upload / Paste URL as the WAI-ARIA tabs pattern: one tab in the Tab order (the selected one),
 * arrow keys (and Home/End) move between tabs and select them, each tab names the panel it controls.
 */
export function SourceTabs({ selected, onSelect }: { selected: SourceTab; onSelect: (tab: SourceTab) => void }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number): void => {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    onSelect(TABS[next]!.id);
    buttons.current[next]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label="Source">
      {TABS.map((tab, index) => (
        <button
          key={tab.id}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="tab"
          id={sourceTabId(tab.id)}
          aria-selected={selected === tab.id}
          aria-controls={sourcePanelId(tab.id)}
          tabIndex={selected === tab.id ? 0 : -1}
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => move(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
