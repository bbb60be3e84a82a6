import { useCallback, useEffect, useState } from 'react';
import { StudioHeader } from '../components/StudioHeader.js';
import { StudioError } from '../lib/api.js';
import { languageInfo } from '../lib/languages.js';
import { clearMemory, forgetMemoryLine, listMemory, MEMORY_EXPORT_URL, type MemoryEntry } from '../lib/memory-api.js';
import { usePageTitle } from '../lib/page-title.js';

/**
 * The translation memory: every line a creator corrected, which later dubs translate the same
 * way; searched, exported as TMX, forgotten line by line or all at once.
 */
export function MemoryPage() {
  usePageTitle('Translation memory');
  const [query, setQuery] = useState('');
  const [entries, setEntries] = useState<MemoryEntry[] | undefined>();
  const [total, setTotal] = useState(0);
  const [message, setMessage] = useState<string | undefined>();
  // "Forget all" asks first, in the page (a browser dialog would block it and every test of it).
  const [confirming, setConfirming] = useState(false);

  const load = useCallback(async (search: string, signal?: AbortSignal) => {
    try {
      const list = await listMemory(search, signal);
      setEntries(list.entries);
      setTotal(list.total);
    } catch (caught) {
      if (signal?.aborted) return;
      setMessage(caught instanceof StudioError ? caught.message : 'The memory could not be read.');
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(query, controller.signal);
    return () => controller.abort();
  }, [query, load]);

  const forget = async (entry: MemoryEntry): Promise<void> => {
    await forgetMemoryLine(entry.id);
    setMessage(`Forgot “${entry.source}”.`);
    await load(query);
  };
  const clear = async (): Promise<void> => {
    setConfirming(false);
    const forgotten = await clearMemory();
    setMessage(`Forgot ${forgotten} ${forgotten === 1 ? 'line' : 'lines'}.`);
    await load(query);
  };

  return (
    <div className="studio">
      <StudioHeader title="Translation memory" />
      <section className="card memory" aria-labelledby="memory-lines">
        <h2 id="memory-lines">Lines you corrected</h2>
        <p className="editor-hint">
          Every translation you fix in a project is kept here. Later dubs translate the same line (case and punctuation
          aside) the way you did, and show yours beside lines that are nearly the same.
        </p>
        <div className="memory-tools">
          <label className="field">
            <span>Search</span>
            <input
              type="search"
              value={query}
              placeholder="Words in the original or the translation"
              onChange={(event) => setQuery(event.target.value)}
            />
          </label>
          <a className="button secondary" href={MEMORY_EXPORT_URL} download>
            Export TMX
          </a>
          {!confirming && (
            <button
              type="button"
              className="button secondary"
              disabled={total === 0}
              onClick={() => setConfirming(true)}
            >
              Forget all
            </button>
          )}
        </div>
        {confirming && (
          <div className="alert" role="alert">
            Forget all {total} {total === 1 ? 'line' : 'lines'}? Later dubs will no longer use them.{' '}
            <button type="button" className="button small" onClick={() => void clear()}>
              Forget them
            </button>{' '}
            <button type="button" className="button small secondary" onClick={() => setConfirming(false)}>
              Keep them
            </button>
          </div>
        )}
        <p role="status" aria-live="polite">
          {message ??
            (entries === undefined
              ? 'Loading…'
              : `${total} ${total === 1 ? 'line' : 'lines'}${query ? ' found' : ''}.`)}
        </p>
        {entries && entries.length > 0 && (
          <div className="table-scroll">
            <table className="lines">
              <thead>
                <tr>
                  <th scope="col">Languages</th>
                  <th scope="col">Original</th>
                  <th scope="col">Your translation</th>
                  <th scope="col">When</th>
                  <th scope="col">
                    <span className="visually-hidden">Forget</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td data-label="Languages">
                      {languageInfo(entry.source_language)?.name ?? entry.source_language} →{' '}
                      {languageInfo(entry.target_language)?.name ?? entry.target_language}
                    </td>
                    <td data-label="Original">{entry.source}</td>
                    <td data-label="Your translation">{entry.target}</td>
                    <td data-label="When">{new Date(entry.updated_at).toLocaleString()}</td>
                    <td>
                      <button
                        type="button"
                        className="button small secondary"
                        aria-label={`Forget: ${entry.source}`}
                        onClick={() => void forget(entry)}
                      >
                        Forget
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
