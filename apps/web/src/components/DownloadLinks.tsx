import { useEffect, useMemo } from 'react';
import type { AnswerSubtitles } from '../lib/api.js';

/** Download buttons for the dubbed file and the subtitles of each language (and both in one, when asked for). */
export function DownloadLinks(props: {
  resultUrl: string;
  resultName: string;
  subtitles: AnswerSubtitles | undefined;
}) {
  const files = useMemo(() => {
    const list: { name: string; label: string; url: string }[] = [];
    // Named like the dub: "talk.fra.mp4" comes with "talk.fra.srt" and "talk.eng.srt".
    const stem = props.resultName.replace(/\.[^.]+\.[^.]+$/, '');
    const both = props.subtitles?.bilingual;
    const sides = [
      props.subtitles?.target,
      props.subtitles?.source,
      // Both languages in each cue: named like the job's own file, "talk.fra-eng.srt".
      both && { language: both.languages.join('-'), srt: both.srt, vtt: both.vtt },
    ];
    for (const side of sides) {
      if (!side) continue;
      list.push({
        name: `${stem}.${side.language}.srt`,
        label: `${side.language} srt`,
        url: URL.createObjectURL(new Blob([side.srt], { type: 'application/x-subrip' })),
      });
      list.push({
        name: `${stem}.${side.language}.vtt`,
        label: `${side.language} vtt`,
        url: URL.createObjectURL(new Blob([side.vtt], { type: 'text/vtt' })),
      });
    }
    return list;
  }, [props.subtitles, props.resultName]);
  useEffect(() => () => files.forEach((file) => URL.revokeObjectURL(file.url)), [files]);
  return (
    <div className="downloads">
      <a className="button" href={props.resultUrl} download={props.resultName}>
        Download {props.resultName.endsWith('.mp4') ? 'video' : 'audio'}
      </a>
      {files.map((file) => (
        <a key={file.name} className="button secondary small" href={file.url} download={file.name}>
          {file.label.toUpperCase()}
        </a>
      ))}
    </div>
  );
}
