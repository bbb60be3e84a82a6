import { useState } from 'react';

/** The Paste URL tab: a text box and Go; Enter submits too. */
export function UrlImport({ disabled, onSubmit }: { disabled: boolean; onSubmit: (url: string) => void }) {
  const [url, setUrl] = useState('');
  return (
    <form
      className="url-import"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(url);
      }}
    >
      <input
        type="text"
        inputMode="url"
        placeholder="Paste a direct link to an audio or video file"
        aria-label="Direct link to an audio or video file"
        value={url}
        disabled={disabled}
        onChange={(event) => setUrl(event.target.value)}
      />
      <button type="submit" className="button" disabled={disabled}>
        Go
      </button>
    </form>
  );
}
