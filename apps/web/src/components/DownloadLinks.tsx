import { useEffect, useMemo } from 'react';
import type { SubtitleFiles } from '../lib/api.js';

/** Download buttons for the dubbed file and the subtitles in both languages. */
export function DownloadLinks(props: {
  resultUrl: string;
  resultName: string;
  subtitles: { source?: SubtitleFiles; target?: SubtitleFiles } | undefined;
}) {
  const files = useMemo(() => {
    const list: { name: string; url: string }[] = [];
    for (const side of [props.subtitles?.target, props.subtitles?.source]) {
      if (!side) continue;
      list.push({
        name: `subtitles.${side.language}.srt`,
        url: URL.createObjectURL(new Blob([side.srt], { type: 'application/x-subrip' })),
      });
      list.push({
        name: `subtitles.${side.language}.vtt`,
        url: URL.createObjectURL(new Blob([side.vtt], { type: 'text/vtt' })),
      });
    }
    return list;
  }, [props.subtitles]);
  useEffect(() => () => files.forEach((file) => URL.revokeObjectURL(file.url)), [files]);
  return (
    <div className="downloads">
      <a className="button" href={props.resultUrl} download={props.resultName}>
        Download {props.resultName.endsWith('.mp4') ? 'video' : 'audio'}
      </a>
      {files.map((file) => (
        <a key={file.name} className="button secondary small" href={file.url} download={file.name}>
          {file.name.split('.').slice(1).join(' ').toUpperCase()}
        </a>
      ))}
    </div>
  );
}
