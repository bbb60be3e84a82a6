/** Original and translated text side by side. */
export function TranscriptsCard({
  source,
  target,
  languageName,
}: {
  source: string;
  target: string;
  languageName: string;
}) {
  return (
    <section className="card transcripts" aria-label="Transcripts">
      <h2>Transcripts</h2>
      <div className="transcript-columns">
        <div>
          <h3>Original</h3>
          <p className="transcript" data-testid="transcript-source">
            {source}
          </p>
        </div>
        <div>
          <h3>Translated ({languageName})</h3>
          <p className="transcript" data-testid="transcript-target">
            {target}
          </p>
        </div>
      </div>
    </section>
  );
}
