import { useCallback, useEffect, useState } from 'react';
import { StudioHeader } from '../components/StudioHeader.js';
import { FileButton } from '../components/FileButton.js';
import { SayAsPreview } from '../components/SayAsPreview.js';
import { StudioError } from '../lib/api.js';
import {
  deleteGlossary,
  GLOSSARY_TEMPLATE,
  glossaryCsv,
  glossaryCsvUrl,
  listGlossaries,
  saveGlossary,
  type Glossary,
} from '../lib/glossary-api.js';
import { usePageTitle } from '../lib/page-title.js';

/** The glossary being edited: a saved one (its id), or a new one. */
interface Draft {
  id?: string;
  name: string;
  csv: string;
  /** The saved version the draft was opened from (a save by someone else since is refused). */
  updatedAt?: string;
  /** The terms as last saved: the preview speaks those, not an edit not saved yet. */
  savedCsv?: string;
}

/**
 * The creator's glossaries: terms translated one way in every dub, and names kept as they are.
 * Each is edited as CSV (imported from a file, or typed), saved, exported and removed here, and
 * chosen in the studio's settings before a dub.
 */
export function GlossariesPage() {
  usePageTitle('Glossaries');
  const [glossaries, setGlossaries] = useState<Glossary[] | undefined>();
  const [draft, setDraft] = useState<Draft | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();

  const load = useCallback(async () => {
    try {
      setGlossaries(await listGlossaries());
    } catch (caught) {
      setError(caught instanceof StudioError ? caught.message : 'The glossaries could not be read.');
    }
  }, []);
  useEffect(() => void load(), [load]);

  const open = async (glossary: Glossary): Promise<void> => {
    setError(undefined);
    const csv = await glossaryCsv(glossary.id);
    setDraft({ id: glossary.id, name: glossary.name, csv, updatedAt: glossary.updated_at, savedCsv: csv });
  };
  const save = async (): Promise<void> => {
    if (!draft) return;
    try {
      setError(undefined);
      const saved = await saveGlossary(draft);
      setDraft({ ...draft, id: saved.id, updatedAt: saved.updated_at, savedCsv: draft.csv });
      setMessage(`Saved “${saved.name}”: ${saved.terms.length} ${saved.terms.length === 1 ? 'term' : 'terms'}.`);
      await load();
    } catch (caught) {
      setError(caught instanceof StudioError ? caught.message : 'The glossary could not be saved.');
    }
  };
  const remove = async (glossary: Glossary): Promise<void> => {
    await deleteGlossary(glossary.id);
    if (draft?.id === glossary.id) setDraft(undefined);
    setMessage(`Removed “${glossary.name}”.`);
    await load();
  };

  return (
    <div className="studio">
      <StudioHeader title="Glossaries" />
      <section className="card glossaries" aria-labelledby="glossary-list">
        <h2 id="glossary-list">Your glossaries</h2>
        <p className="editor-hint">
          Names and terms your dubs translate the same way every time. Choose a glossary in the studio’s settings before
          you translate; a line whose term could not be placed is flagged in the editor.
        </p>
        <p role="status" aria-live="polite">
          {message ??
            (glossaries === undefined
              ? 'Loading…'
              : `${glossaries.length} ${glossaries.length === 1 ? 'glossary' : 'glossaries'}.`)}
        </p>
        {glossaries && glossaries.length > 0 && (
          <ul className="glossary-list">
            {glossaries.map((glossary) => (
              <li key={glossary.id}>
                <span>
                  <strong>{glossary.name}</strong> · {glossary.terms.length}{' '}
                  {glossary.terms.length === 1 ? 'term' : 'terms'} · from {glossary.source_language}
                </span>
                <button type="button" className="button small secondary" onClick={() => void open(glossary)}>
                  Edit {glossary.name}
                </button>
                <a className="button small secondary" href={glossaryCsvUrl(glossary.id)} download>
                  Export {glossary.name} as CSV
                </a>
                <button type="button" className="button small secondary" onClick={() => void remove(glossary)}>
                  Remove {glossary.name}
                </button>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="button"
          onClick={() => setDraft({ name: 'New glossary', csv: GLOSSARY_TEMPLATE })}
        >
          New glossary
        </button>
      </section>
      {draft && (
        <section className="card glossary-editor" aria-labelledby="glossary-editor">
          <h2 id="glossary-editor">{draft.id ? `Edit “${draft.name}”` : 'New glossary'}</h2>
          <label className="field">
            <span>Name</span>
            <input
              type="text"
              value={draft.name}
              maxLength={80}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
          </label>
          <label className="field">
            <span>Terms (CSV)</span>
            <textarea
              className="glossary-csv"
              value={draft.csv}
              rows={12}
              spellCheck={false}
              aria-describedby="glossary-csv-hint"
              onChange={(event) => setDraft({ ...draft, csv: event.target.value })}
            />
          </label>
          <p id="glossary-csv-hint" className="editor-hint">
            The first row names the source language first (eng), then “keep”, then a column per language to dub into
            (spa, fra, deu, ita, rus, ell, jpn, kor, cmn, yue). A row per term: its translations, or “yes” under keep
            for a name kept as it is. A “say:eng” column (any language) says how the voice pronounces the term there:
            “sequel” for SQL.
          </p>
          {draft.id && <SayAsPreview glossaryId={draft.id} unsaved={draft.csv !== draft.savedCsv} />}
          {error && (
            <div className="alert" role="alert">
              {error}
            </div>
          )}
          <div className="glossary-actions">
            <FileButton
              label="Import CSV"
              inputLabel="Glossary CSV file"
              className="button secondary"
              accept=".csv,text/csv"
              onFile={(file) => void file.text().then((csv) => setDraft({ ...draft, csv }))}
            />
            <button type="button" className="button" onClick={() => void save()}>
              Save glossary
            </button>
            <button type="button" className="button secondary" onClick={() => setDraft(undefined)}>
              Close
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
