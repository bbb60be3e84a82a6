import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Footer } from '../components/Footer.js';
import { usePageTitle } from '../lib/page-title.js';
import { InfoIcon } from '../components/icons/InfoIcon.js';
import { FAQ, HERE, PLANS, type PlanFeature } from './pricing-plans.js';

/** Pricing: monthly/yearly toggle with "Save 20%", three plans, Enterprise, FAQ. */
export function PricingPage() {
  const [yearly, setYearly] = useState(false);
  usePageTitle('Pricing');
  return (
    <div className="pricing">
      <section className="section">
        <h1>Simple pricing for every creator</h1>
        <p className="claim-note" role="note">
          This Voxlate runs on your own machine: nothing is billed or metered here, and every plan’s button opens the
          studio. A plan’s feature this version does not have is marked <strong>Not available in this version</strong>,
          never ticked.
        </p>
        <div className="billing-toggle" role="group" aria-label="Billing period">
          <button
            type="button"
            className={yearly ? '' : 'active'}
            aria-pressed={!yearly}
            onClick={() => setYearly(false)}
          >
            Monthly
          </button>
          <button
            type="button"
            className={yearly ? 'active' : ''}
            aria-pressed={yearly}
            onClick={() => setYearly(true)}
          >
            Yearly <span className="badge">Save 20%</span>
          </button>
        </div>
        <div className="plans">
          {PLANS.map((plan) => (
            <article
              key={plan.title}
              className={`card plan${plan.popular ? ' popular' : ''}`}
              aria-label={`${plan.title} plan`}
            >
              {plan.popular && <span className="badge popular-badge">Most Popular</span>}
              <h2>{plan.title}</h2>
              <p className="price">
                <span data-testid={`price-${plan.title}`}>${yearly ? plan.yearly : plan.price}</span>
                <small>/month</small>
              </p>
              {yearly && plan.price > 0 && <p className="billed">billed yearly</p>}
              <p>{plan.description}</p>
              <ul className="features">
                {plan.features.map((feature) => (
                  <PlanFeatureItem key={feature.text} feature={feature} />
                ))}
              </ul>
              <Link to="/creator-studio" className={`button${plan.popular ? '' : ' secondary'}`}>
                {plan.ctaText}
              </Link>
            </article>
          ))}
        </div>
        <article className="card enterprise">
          <div>
            <h2>Enterprise</h2>
            <p>Custom minutes, languages, integrations and support for studios and networks. Custom pricing.</p>
          </div>
          <div className="hero-actions">
            <Link to="/about#contact" className="button">
              Contact Sales
            </Link>
            {/* A demo is booked by asking: no clip stands in for one. */}
            <Link to="/about#contact" className="button secondary">
              Book a Demo
            </Link>
          </div>
        </article>
      </section>
      <section className="section faq">
        <h2>Frequently asked questions</h2>
        <p className="claim-note">Billing does not apply to this installation: nothing is charged here.</p>
        {FAQ.map(([question, answer]) => (
          <details key={question}>
            <summary>{question}</summary>
            <p>{answer}</p>
          </details>
        ))}
      </section>
      <Footer />
    </div>
  );
}

/**
 * One feature of a plan, in one of three states: ticked (included, and here: what it gives
 * here beside it), not included (a cross), or the plan's but not in this version (a dash, never
 * a tick).
 */
function PlanFeatureItem({ feature }: { feature: PlanFeature }) {
  const here = HERE[feature.text];
  const state = !feature.included ? 'excluded' : here?.available === false ? 'unavailable-here' : 'included';
  const mark = { included: '✓', excluded: '✕', 'unavailable-here': '–' }[state];
  const spoken = {
    included: 'Included: ',
    excluded: 'Not included: ',
    'unavailable-here': 'In the plan, not in this version: ',
  }[state];
  return (
    <li className={state} title={feature.tooltip}>
      <span aria-hidden="true">{mark}</span>
      <span className="visually-hidden">{spoken}</span>
      {feature.text}
      {state === 'unavailable-here' ? (
        <span className="unavailable">Not available in this version</span>
      ) : (
        state === 'included' && here?.note && <span className="here-note">{here.note}</span>
      )}
      {feature.tooltip && (
        <button
          type="button"
          className="tooltip"
          aria-label={`About ${feature.text}: ${feature.tooltip}`}
          data-tip={feature.tooltip}
        >
          <InfoIcon />
        </button>
      )}
    </li>
  );
}
