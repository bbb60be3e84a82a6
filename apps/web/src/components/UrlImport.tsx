import { useState } from 'react';

/** The Paste URL tab: a text box and Go; Enter submits too. `media` is what the mode takes. */
export function UrlImport({
  disabled,
  media,
  onSubmit,
}: {
  disabled: boolean;
  media: 'audio or video' | 'video';
  onSubmit: (url: string) => void;
}) {
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
        placeholder={`Paste a direct link to ${media === 'video' ? 'a video' : 'an audio or video'} file`}
        aria-label={`Direct link to ${media === 'video' ? 'a video' : 'an audio or video'} file`}
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
