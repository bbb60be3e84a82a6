import { Link } from 'react-router-dom';
import { InfoPage } from './InfoPage.js';

/** What Voxlate is and who runs it; where the footer's Blog, Careers and Contact Sales lead. */
export function AboutPage() {
  return (
    <InfoPage title="About" heading="About Voxlate">
      <p>
        Voxlate dubs videos and podcasts into another language on your own machine: it hears the speech, translates it
        line by line and speaks it again at the same moments, speaker by speaker, over the original’s background, with
        subtitles, and moves the speakers’ lips for video. Everything runs locally, offline by default.
      </p>
      <h2 id="updates">What is new</h2>
      <ul>
        <li>Live translation: speak and be heard in another language about a second later, with captions for OBS.</li>
        <li>Your own voice: cloned voices in 10 of the 11 languages where the voice models are installed.</li>
        <li>Projects: edit any line and re-dub only that line; every line says whether to check it.</li>
        <li>Scale-out: several services and workers on one Redis and one job store, without losing an edit.</li>
      </ul>
      <h2 id="contribute">Work on it</h2>
      <p>
        Voxlate is built by a small team. The <a href="/api/docs">API reference</a> describes every endpoint; the
        repository’s README and <code>docs/</code> folder say how to run, test and extend it (a new engine, a new model,
        a new language).
      </p>
      <h2 id="contact">Contact and larger installations</h2>
      <p>
        There is no sales team: whoever runs this installation is your contact. For studios and networks, Voxlate scales
        out to several services and workers on one Redis and one shared job store; the operation guide in the
        repository’s <code>docs/operation.md</code> says how. Try it first in the{' '}
        <Link to="/creator-studio">Creator Studio</Link>.
      </p>
    </InfoPage>
  );
}
