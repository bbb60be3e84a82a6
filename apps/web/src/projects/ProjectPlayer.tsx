import { languageInfo } from '../lib/languages.js';
import { jobUrls, type Job } from '../lib/jobs-api.js';
import { AudioPlayer } from '../components/AudioPlayer.js';

/**
 * A reopened project's whole dub, to play: the waveform player for audio, a video player (with the
 * dub's subtitles) for video. It follows the project's current revision: a re-dub that lands
 * brings the new dub in.
 */
export function ProjectPlayer({ job }: { job: Job }) {
  if (!job.result) return null;
  const urls = jobUrls(job.id);
  const { revision, container } = job.result;
  const source = urls.result(revision);
  const language = languageInfo(job.target_language);
  return (
    <section className="card project-player" aria-label="The dub">
      {container === 'mp4' ? (
        <video
          key={revision}
          className="video-player"
          src={source}
          controls
          aria-label="Dubbed video"
          data-testid="project-video"
        >
          <track
            default
            kind="subtitles"
            src={urls.subtitles(job.target_language, 'vtt', revision)}
            srcLang={job.target_language}
            label={language?.name ?? job.target_language}
          />
        </video>
      ) : (
        <AudioPlayer key={revision} url={source} label="Dubbed audio" />
      )}
    </section>
  );
}
