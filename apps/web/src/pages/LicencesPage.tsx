import { InfoPage } from './InfoPage.js';
import { ATTRIBUTIONS } from './licences-data.js';

/** Licences and attributions of every engine, model, library and recording Voxlate uses. */
export function LicencesPage() {
  return (
    <InfoPage title="Licences and attributions">
      <p>
        Voxlate is built on the work below. Each keeps its own licence; where a licence asks something of a dub’s
        publisher (attribution, non-commercial use only), it says so here and again before the model is installed.
      </p>
      {ATTRIBUTIONS.map((group) => (
        <section key={group.title} aria-labelledby={`licences-${slug(group.title)}`}>
          <h2 id={`licences-${slug(group.title)}`}>{group.title}</h2>
          <p>{group.intro}</p>
          <div className="table-scroll">
            <table className="licences">
              <thead>
                <tr>
                  <th scope="col">What</th>
                  <th scope="col">Used for</th>
                  <th scope="col">Licence</th>
                </tr>
              </thead>
              <tbody>
                {group.entries.map((entry) => (
                  <tr key={entry.name}>
                    <td>{entry.name}</td>
                    <td>{entry.use}</td>
                    <td>
                      <a href={entry.url} rel="noreferrer">
                        {entry.licence}
                      </a>
                      {entry.note && <p className="licence-note">{entry.note}</p>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </InfoPage>
  );
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
