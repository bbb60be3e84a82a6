import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Footer } from '../components/Footer.js';
import { usePageTitle } from '../lib/page-title.js';
import { InfoIcon } from '../components/icons/InfoIcon.js';
import { DemoDialog, useDemo } from '../components/DemoDialog.js';
import { FAQ, HERE, PLANS } from './pricing-plans.js';

/** Pricing: monthly/yearly toggle with "Save 20%", three plans, Enterprise, FAQ. */
export function PricingPage() {
  const [yearly, setYearly] = useState(false);
  usePageTitle('Pricing');
  const demo = useDemo();
  return (
    <div className="pricing">
      <section className="section">
        <h1>Simple pricing for every creator</h1>
        <p className="claim-note" role="note">
          This Voxlate runs on your own machine: nothing is billed or metered here, and every plan’s button opens the
          studio. Features this version does not have are marked <strong>Not available in this version</strong>.
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
                  <li key={feature.text} className={feature.included ? 'included' : 'excluded'} title={feature.tooltip}>
                    <span aria-hidden="true">{feature.included ? '✓' : '✕'}</span>
                    <span className="visually-hidden">{feature.included ? 'Included: ' : 'Not included: '}</span>
                    {feature.text}
                    {HERE[feature.text]?.available === false ? (
                      <span className="unavailable">Not available in this version</span>
                    ) : (
                      HERE[feature.text]?.note && <span className="here-note">{HERE[feature.text]?.note}</span>
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
            <button type="button" className="button secondary" onClick={demo.open}>
              Book a Demo
            </button>
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
      <DemoDialog demo={demo} />
    </div>
  );
}
