import { useState } from 'react';
import type { LanguageCode } from '@voxlate/contract';
import { StudioError } from '../lib/api.js';
import { languageInfo } from '../lib/languages.js';
import { fetchPublishPackage } from '../lib/publish-api.js';

/**
 * The YouTube-ready package of a dub's languages: the creator's title and description (translated
 * into each language), the track players start with, and one ZIP to download.
 */
export function PublishPackage({
  address,
  languages,
  ready,
}: {
  address: string;
  /** The dubs' languages (the original is always in it). */
  languages: readonly LanguageCode[];
  /** Every language has its dub. */
  ready: boolean;
}) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [first, setFirst] = useState('');
  const [status, setStatus] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [making, setMaking] = useState(false);

  const make = async (): Promise<void> => {
    setMaking(true);
    setError(undefined);
    setStatus('Making the package: each language’s audio, the multi-language MP4, the translated title…');
    try {
      const { zip, name } = await fetchPublishPackage(address, {
        ...(title.trim() === '' ? {} : { title: title.trim() }),
        ...(description.trim() === '' ? {} : { description: description.trim() }),
        ...(first === '' ? {} : { default_language: first as LanguageCode }),
      });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(zip);
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
      setStatus(`Downloaded ${name}.`);
    } catch (caught) {
      setStatus(undefined);
      setError(caught instanceof StudioError ? caught.message : 'The package could not be made.');
    } finally {
      setMaking(false);
    }
  };

  return (
    <section className="card publish-package" aria-labelledby="publish-heading">
      <h2 id="publish-heading">Publish on YouTube</h2>
      <p className="editor-hint">
        One ZIP: the video with an audio track per language, each language’s audio alone at the video’s length (for
        YouTube Studio’s audio tracks), subtitles per language, and your title and description translated.
      </p>
      <label className="field">
        <span>Title</span>
        <input type="text" value={title} maxLength={100} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <label className="field">
        <span>Description</span>
        <textarea
          value={description}
          rows={4}
          maxLength={5000}
          onChange={(event) => setDescription(event.target.value)}
        />
      </label>
      <label className="field">
        <span>Audio track that plays first</span>
        <select value={first} onChange={(event) => setFirst(event.target.value)}>
          <option value="">The original</option>
          {languages.map((language) => (
            <option key={language} value={language}>
              {languageInfo(language)?.name ?? language}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      {status && <p role="status">{status}</p>}
      <button type="button" className="button" disabled={!ready || making} onClick={() => void make()}>
        Download the YouTube package
      </button>
      {!ready && <p className="editor-hint">Available once every language has its dub.</p>}
    </section>
  );
}
