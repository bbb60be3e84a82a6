import { downloadName } from '@voxlate/contract';
import { jobUrls, type Job } from '../lib/jobs-api.js';

/**
 * What a finished project offers to download: the dub, its subtitles (translation, original, and
 * both in one), and its parts apart (the dub alone, each speaker, the background, a multi-track file).
 */
export function ResultDownloads({ job, resultUrl }: { job: Job; resultUrl: string }) {
  const urls = jobUrls(job.id);
  const source = job.source_language === 'auto' ? undefined : job.source_language;
  return (
    <div className="editor-downloads">
      <p>
        <a href={resultUrl} download>
          Download the dub ({downloadName(job.input_name, job.target_language, job.result!.container)})
        </a>{' '}
        · <a href={urls.subtitles(job.target_language, 'srt')}>Subtitles (SRT)</a>
        {source && (
          <>
            {' '}
            · <a href={urls.subtitles(source, 'srt')}>Original subtitles (SRT)</a> ·{' '}
            <a href={urls.subtitles(`${job.target_language}-${source}`, 'srt')}>Both languages (SRT)</a>
          </>
        )}
      </p>
      {(job.stems?.length ?? 0) > 0 && (
        <p>
          <span className="downloads-label">Parts:</span>{' '}
          {job.stems!.map((stem, i) => (
            <span key={stem.file}>
              {i > 0 && ' · '}
              <a href={`${job.links.stems}${stem.file}`} download>
                {stem.label}
              </a>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
