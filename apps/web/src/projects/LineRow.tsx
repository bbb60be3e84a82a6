import { useEffect, useState } from 'react';
import { GrowingTextarea } from './GrowingTextarea.js';
import { freeSpeakerId, type JobLine, type JobSpeaker, type LineChange } from '../lib/jobs-api.js';
import { HeardText, ReviewNotes } from './ReviewNotes.js';
import { ReadAsNote } from './ReadAsNote.js';
import { CheckNote } from './CheckBar.js';
import type { Playing } from './use-span-player.js';

/** "1:05.2" */
export function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds - minutes * 60).toFixed(1).padStart(4, '0')}`;
}

/** How fast the dubbed line had to be spoken to fit, in words. */
function tempoLabel(line: JobLine): string {
  if (!line.dubbed) return 'silent';
  if (line.fit.overflow > 0) return `${line.fit.tempo.toFixed(2)}× (runs long)`;
  return line.fit.tempo > 1.0005 ? `${line.fit.tempo.toFixed(2)}×` : '1×';
}

/** The voice the line was spoken in, in words, and where a cloned one came from. */
function voiceLabel(line: JobLine): { text: string; detail?: string } | undefined {
  const voice = line.voice;
  if (!voice) return undefined;
  if (voice.mode === 'neutral') return { text: 'plain voice' };
  if (voice.mode === 'shaped') return { text: 'shaped voice' };
  const reference = voice.reference;
  if (!reference) return { text: 'own voice' };
  const spans = reference.spans.map((span) => `${clock(span.start)}–${clock(span.end)}`).join(', ');
  const from = reference.kind === 'line' ? 'this line' : `their speech at ${spans}`;
  return {
    text: reference.kind === 'line' ? 'own voice, from this line' : 'own voice',
    detail: `Cloned from ${from} (${reference.seconds.toFixed(1)} s of the ${reference.from})`,
  };
}

/**
 * One line of the project: its time and speaker, the original and the translation editable in
 * place (saved when the field is left), its quality and tempo, and buttons to hear the original
 * and the dubbed line.
 */
export function LineRow({
  line,
  speakers,
  locked,
  playing,
  urls,
  onSave,
  onDirty,
  onPlay,
  onStop,
}: {
  line: JobLine;
  /** The job's speakers, to move the line to one of them (or to a new one). */
  speakers: readonly JobSpeaker[];
  locked: boolean;
  playing: Playing | undefined;
  urls: { source: string; result: string | undefined };
  onSave: (change: LineChange) => void;
  /** Told whether a box holds text not saved yet (typed, not yet left). */
  onDirty: (dirty: boolean) => void;
  onPlay: (span: Playing & { start: number; end: number }) => void;
  onStop: () => void;
}) {
  const [source, setSource] = useState(line.source_text);
  const [target, setTarget] = useState(line.target_text);
  useEffect(() => setSource(line.source_text), [line.source_text]);
  useEffect(() => setTarget(line.target_text), [line.target_text]);
  const edit = (nextSource: string, nextTarget: string): void => {
    setSource(nextSource);
    setTarget(nextTarget);
    onDirty(nextSource.trim() !== line.source_text || nextTarget.trim() !== line.target_text);
  };
  const number = line.id + 1;
  const playButton = (
    which: 'original' | 'dubbed',
    url: string | undefined,
    span: { start: number; end: number } | undefined,
  ) => {
    const key = `${which}-${line.id}`;
    const active = playing?.key === key;
    const visible = which === 'original' ? 'Original' : 'Dub';
    return (
      <button
        type="button"
        className="button small secondary"
        disabled={!url || !span}
        aria-pressed={active}
        // The name starts with the visible word, as speech control users say it (WCAG 2.5.3).
        aria-label={`${visible}: ${active ? 'stop' : 'play'} line ${number}`}
        onClick={() => (active ? onStop() : url && span && onPlay({ url, key, ...span }))}
      >
        <span aria-hidden="true">{active ? '■' : '▶'}</span> {visible}
      </button>
    );
  };
  const flags = line.review ?? [];
  const voice = voiceLabel(line);
  const classes = ['line', line.stale ? 'stale' : '', flags.length > 0 ? 'flagged' : ''].filter(Boolean).join(' ');
  return (
    <tr className={classes} data-testid={`line-${line.id}`}>
      <td data-label="Time">
        {clock(line.start)}–{clock(line.end)}
      </td>
      <td data-label="Speaker">
        <SpeakerSelect line={line} speakers={speakers} locked={locked} onMove={(speaker) => onSave({ speaker })} />
        {voice && (
          <span className="voice-label" title={voice.detail}>
            {voice.text}
          </span>
        )}
      </td>
      <td data-label="Original">
        <GrowingTextarea
          aria-label={`Original text of line ${number}`}
          value={source}
          disabled={locked}
          rows={2}
          onChange={(event) => edit(event.target.value, target)}
          onBlur={() => source.trim() !== line.source_text && onSave({ source_text: source })}
        />
        <HeardText text={line.source_text} flags={flags} />
        <ReadAsNote line={line} />
      </td>
      <td data-label="Translation">
        <GrowingTextarea
          aria-label={`Translation of line ${number}`}
          value={target}
          disabled={locked}
          rows={2}
          onChange={(event) => edit(source, event.target.value)}
          onBlur={() => target.trim() !== line.target_text && onSave({ target_text: target })}
        />
        {line.stale && <span className="stale-mark">Changed: re-dub to hear it</span>}
        <MemoryNote line={line} locked={locked} onUse={(target) => onSave({ target_text: target })} />
      </td>
      <td data-label="Quality">
        <span
          className={`quality ${line.quality}`}
          title={`${line.quality === 'full' ? 'A full machine translation' : 'A word-by-word dictionary gist'}${line.engines?.mt ? ` (${line.engines.mt})` : ''}`}
        >
          {translatedBy(line)}
        </span>
        <ReviewNotes flags={flags} />
        <CheckNote line={line} />
        {flags.length > 0 && (
          <label className="checkbox line-checked">
            <input
              type="checkbox"
              checked={line.checked}
              disabled={locked}
              onChange={(event) => onSave({ checked: event.target.checked })}
            />
            Checked
          </label>
        )}
      </td>
      <td data-label="Tempo">{tempoLabel(line)}</td>
      <td data-label="Listen">
        <div className="listen">
          {playButton('original', urls.source, line)}
          {playButton('dubbed', urls.result, line.dubbed)}
        </div>
      </td>
    </tr>
  );
}

/**
 * Who says the line: one of the job's speakers, by name, or a new speaker of its own (when the
 * detector merged two people). Moving it marks it changed: the re-dub speaks it in their voice.
 */
function SpeakerSelect({
  line,
  speakers,
  locked,
  onMove,
}: {
  line: JobLine;
  speakers: readonly JobSpeaker[];
  locked: boolean;
  onMove: (speaker: string) => void;
}) {
  const listed = speakers.some((speaker) => speaker.id === line.speaker)
    ? speakers
    : [...speakers, { id: line.speaker, name: line.speaker, lines: 1 }];
  const fresh = freeSpeakerId(listed);
  return (
    <select
      className="speaker-select"
      aria-label={`Speaker of line ${line.id + 1}`}
      value={line.speaker}
      disabled={locked}
      onChange={(event) => event.target.value !== line.speaker && onMove(event.target.value)}
    >
      {listed.map((speaker) => (
        <option key={speaker.id} value={speaker.id}>
          {speaker.name === speaker.id ? speaker.id : `${speaker.name} (${speaker.id})`}
        </option>
      ))}
      {fresh && <option value={fresh}>New speaker ({fresh})</option>}
    </select>
  );
}

/**
 * What the translation memory had for the line: "from memory" when it took a creator's earlier
 * translation of the same line; an alike line's translation to use with one click otherwise.
 */
function MemoryNote({ line, locked, onUse }: { line: JobLine; locked: boolean; onUse: (target: string) => void }) {
  const memory = line.memory;
  if (!memory) return null;
  if (memory.kind === 'exact') {
    return (
      <span className="memory-mark" title={`Your translation of “${memory.source}” from an earlier project`}>
        From memory
      </span>
    );
  }
  const alike = Math.round(memory.similarity * 100);
  return (
    <div className="memory-suggestion">
      <span>
        From memory ({alike} % alike: “{memory.source}”): {memory.target}
      </span>
      {line.target_text !== memory.target && (
        <button
          type="button"
          className="button small secondary"
          disabled={locked}
          aria-label={`Use the remembered translation for line ${line.id + 1}`}
          onClick={() => onUse(memory.target)}
        >
          Use
        </button>
      )}
    </div>
  );
}

/**
 * The badge says what translated the line in plain words (a machine, a dictionary's gist, or the
 * creator's memory), not a grade: "full" said nothing of the words an engine left in the source
 * language. The engine's name is in the badge's title.
 */
export function translatedBy(line: Pick<JobLine, 'engines' | 'quality'>): string {
  const engine = line.engines?.mt;
  if (engine === 'memory') return 'your earlier translation';
  if (engine === 'dictionary-gist' || (!engine && line.quality === 'gist')) return 'gist';
  return 'machine translation';
}
