import { Link } from 'react-router-dom';
import { InfoPage } from './InfoPage.js';

/** The terms a creator publishes a dub under: their rights, the disclosure, the components' licences. */
export function TermsPage() {
  return (
    <InfoPage title="Terms">
      <ul>
        <li>
          Dub only media you have the right to adapt, and clone only voices you have the right to use (yours, or with
          the speaker’s consent).
        </li>
        <li>
          Every dub says it is synthetic speech: in its metadata and in a signed provenance manifest. Keep the
          disclosure when you publish, as the platforms’ rules on synthetic media ask.
        </li>
        <li>
          Machine translation makes mistakes: the editor marks the lines worth a look (unsure words, words left
          untranslated, a word-by-word gist). Check them before you publish.
        </li>
        <li>
          The engines and models keep their own licences; some neural models are for non-commercial use only. See{' '}
          <Link to="/licences">licences and attributions</Link>.
        </li>
        <li>Voxlate comes with no warranty; the installation is run by whoever set it up.</li>
      </ul>
    </InfoPage>
  );
}
