import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ProgressBar } from '../components/ProgressBar.js';
import { StudioHeader } from '../components/StudioHeader.js';
import { StudioError } from '../lib/api.js';
import { languageInfo } from '../lib/languages.js';
import { usePageTitle } from '../lib/page-title.js';
import { fetchUsage, type Usage } from '../lib/usage-api.js';

const PLAN_TITLES: Record<NonNullable<Usage['plan']>['name'], string> = {
  free: 'Free',
  creator: 'Creator',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

/**
 * The workspace's month: its plan, the minutes dubbed and left (a re-dub counts the lines it
 * dubbed again), the languages dubbed into and the seats held, as the service counts them.
 */
export function UsagePage() {
  usePageTitle('Usage');
  const [usage, setUsage] = useState<Usage | undefined>();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    const controller = new AbortController();
    fetchUsage(controller.signal).then(setUsage, (caught: unknown) => {
      if (!controller.signal.aborted)
        setError(caught instanceof StudioError ? caught.message : 'Usage could not be read.');
    });
    return () => controller.abort();
  }, []);

  return (
    <div className="studio">
      <StudioHeader title="Usage" />
      <section className="card usage" aria-labelledby="usage-month">
        <h2 id="usage-month">This month</h2>
        {error && (
          <div className="alert" role="alert">
            {error}
          </div>
        )}
        {!usage && !error && <p role="status">Loading…</p>}
        {usage && <UsageFigures usage={usage} />}
      </section>
    </div>
  );
}

function UsageFigures({ usage }: { usage: Usage }) {
  const resets = new Date(usage.resets_at).toLocaleDateString(undefined, { day: 'numeric', month: 'long' });
  if (usage.plan === null) {
    return <p>This service runs without API keys: it has no plan, and nothing is counted or limited.</p>;
  }
  const { plan } = usage;
  const allowed = plan.minutes_per_month === null ? null : plan.minutes_per_month + usage.top_up_minutes;
  const languages = usage.languages_used.map((code) => languageInfo(code)?.name ?? code);
  return (
    <>
      <p>
        Plan: <strong>{PLAN_TITLES[plan.name]}</strong> (<Link to="/pricing">plans</Link>). The month starts again on{' '}
        {resets}.
      </p>
      <dl className="usage-figures">
        <dt>Minutes dubbed</dt>
        <dd>
          {allowed === null ? (
            `${usage.used_minutes} (no limit)`
          ) : (
            <>
              {usage.used_minutes} of {allowed}
              {usage.top_up_minutes > 0 ? ` (${usage.top_up_minutes} added this month)` : ''}: {usage.left_minutes} left
              <ProgressBar
                label="Minutes used this month"
                value={Math.min(100, (usage.used_minutes / allowed) * 100)}
              />
            </>
          )}
        </dd>
        <dt>Languages dubbed into</dt>
        <dd>
          {languages.length === 0 ? 'None yet' : languages.join(', ')}
          {plan.languages === null ? '' : ` (${usage.languages_used.length} of ${plan.languages})`}
        </dd>
        <dt>Seats (API keys in use)</dt>
        <dd>
          {usage.seats_used}
          {plan.seats === null ? '' : ` of ${plan.seats}`}
        </dd>
      </dl>
      <p className="editor-hint">
        A dub counts the length of the media it dubbed; re-dubbing edited lines counts those lines only.{' '}
        {usage.overage
          ? 'Dubs past the allowance are still made, and counted.'
          : 'A dub that would go past the allowance is refused before it starts: whoever runs the service can add minutes or change the plan.'}
      </p>
    </>
  );
}
