import { Link } from 'react-router-dom';
import { InfoPage } from './InfoPage.js';

/** What happens to a creator's media: it stays on the machine that runs Voxlate. */
export function PrivacyPage() {
  return (
    <InfoPage title="Privacy">
      <p>
        Voxlate runs on your own machine (or your organisation’s server). There is no Voxlate account, no analytics, no
        tracking and no advertising, and the studio loads nothing from other sites.
      </p>
      <h2>What stays on this machine</h2>
      <ul>
        <li>
          The files you upload, their recognised text, translations, dubbed results and subtitles. Projects are kept in
          the installation’s data folder (<code>~/.local/share/voxlate</code> unless set otherwise) and removed 7 days
          after their last change, or when you delete them.
        </li>
        <li>
          Live sessions: your microphone’s audio is translated as it arrives and is not stored by the service; the
          session downloads are made in your browser.
        </li>
        <li>
          The key that signs each dub’s provenance manifest, made once by the installation and never sent anywhere.
        </li>
      </ul>
      <h2>When Voxlate reaches the network</h2>
      <ul>
        <li>When you paste a link, the service downloads that file (and nothing else) to dub it.</li>
        <li>
          When whoever runs the installation adds neural models (<code>npm run models</code>), their weights are
          downloaded once from Hugging Face; the dubs themselves are made locally.
        </li>
      </ul>
      <p>
        Whoever runs the installation can read its logs and data folder. See the{' '}
        <Link to="/licences">licences and attributions</Link> for the engines that process your media.
      </p>
    </InfoPage>
  );
}
