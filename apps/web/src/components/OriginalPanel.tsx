import type { ContentType } from '../lib/validation.js';
import { AudioPlayer } from './AudioPlayer.js';
import { FileButton } from './FileButton.js';
import { SourceTabs, sourcePanelId, sourceTabId, type SourceTab } from './SourceTabs.js';
import { UploadArea } from './UploadArea.js';
import { UrlImport } from './UrlImport.js';

interface Props {
  contentType: ContentType;
  file: File | undefined;
  previewUrl: string | undefined;
  working: boolean;
  onFile: (file: File) => void;
  onUrl: (url: string) => void;
  /** Upload or Paste URL: the studio keeps it, as the settings card follows it. */
  tab: SourceTab;
  onTab: (tab: SourceTab) => void;
}

/** "Original Audio" / "Original Video": upload or a link (imported as a job), or the loaded file. */
export function OriginalPanel({ contentType, file, previewUrl, working, onFile, onUrl, tab, onTab }: Props) {
  const audio = contentType === 'audio';
  const accept = audio ? 'audio/*,video/*' : 'video/*';
  return (
    <section className="panel original-panel" aria-label={audio ? 'Original Audio' : 'Original Video'}>
      <h2>{audio ? 'Original Audio' : 'Original Video'}</h2>
      {file && previewUrl ? (
        <>
          {audio ? (
            <AudioPlayer url={previewUrl} label="Original audio" />
          ) : (
            <video className="video-player" src={previewUrl} controls aria-label="Original video" />
          )}
          <p className="file-name">{file.name}</p>
          <FileButton
            label="Replace file"
            inputLabel="Replace file"
            accept={accept}
            disabled={working}
            className="button secondary small replace-file"
            onFile={onFile}
          />
        </>
      ) : (
        <>
          <SourceTabs selected={tab} onSelect={onTab} />
          <div role="tabpanel" id={sourcePanelId(tab)} aria-labelledby={sourceTabId(tab)}>
            {tab === 'url' ? (
              <UrlImport disabled={working} media={audio ? 'audio or video' : 'video'} onSubmit={onUrl} />
            ) : (
              <UploadArea
                label={audio ? 'Upload Audio or Video File' : 'Upload Video'}
                hint={audio ? 'MP3, WAV, M4A, MP4 and more, up to 150MB' : 'MP4, AVI, MOV up to 150MB'}
                accept={accept}
                disabled={working}
                onFile={onFile}
              />
            )}
          </div>
        </>
      )}
    </section>
  );
}
