import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DemoDialog, useDemo } from '../components/DemoDialog.js';
import { Footer } from '../components/Footer.js';
import { useLanguageSupport, type LanguageSupport } from '../lib/language-support.js';
import { TARGET_LANGUAGES } from '../lib/languages.js';
import { usePageTitle } from '../lib/page-title.js';

const FEATURES = [
  ['Emotional Fidelity', 'Your delivery carries into the new language: pauses, emphasis and pace follow the original.'],
  ['Vocal Characteristics', 'Each dubbed line is placed on your own timeline, over your own background sound.'],
  ['Natural Timing', 'Lines start when you speak. Long lines borrow silence first and are only gently sped up.'],
] as const;

const USE_CASES = [
  ['Dominate Social Platforms', 'Publish one video on video and audio platforms in every market you care about.'],
  [
    'Multiple Languages',
    'English, Mandarin, Cantonese, Japanese, Korean, French, Spanish, German, Italian, Russian, Greek, and 40+ languages on the roadmap.',
  ],
  ['Authentic Audience Connection', 'Subtitles in both languages come with every dub, ready to upload.'],
] as const;

function CardGrid({ cards }: { cards: readonly (readonly [string, string])[] }) {
  return (
    <div className="cards">
      {cards.map(([title, text]) => (
        <article key={title} className="card">
          <h3>{title}</h3>
          <p>{text}</p>
        </article>
      ))}
    </div>
  );
}

/** The landing page: sticky navigation, hero, features, technology, use cases, call to action. */
export function LandingPage() {
  usePageTitle(undefined);
  const demo = useDemo();
  const support = useLanguageSupport();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = (): void => setMenuOpen(false);
  return (
    <div className="landing">
      <nav className="landing-nav" aria-label="Main">
        <Link to="/" className="brand">
          Voxlate
        </Link>
        {/* Shown at phone width only (CSS): the anchors fold into it there. */}
        <button
          type="button"
          className="button secondary small menu-button"
          aria-expanded={menuOpen}
          aria-controls="landing-anchors"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <div id="landing-anchors" className={`anchors${menuOpen ? ' open' : ''}`}>
          <a href="#features" onClick={closeMenu}>
            Features
          </a>
          <a href="#technology" onClick={closeMenu}>
            Technology
          </a>
          <a href="#use-cases" onClick={closeMenu}>
            Use Cases
          </a>
          <Link to="/pricing" onClick={closeMenu}>
            Pricing
          </Link>
        </div>
        <Link to="/creator-studio" className="button">
          Get Started
        </Link>
      </nav>

      <section className="hero">
        <h1>Your videos, heard in 40+ languages</h1>
        <p className="claim-note" role="note">
          Today: dubs into the <a href="#languages">11 languages below</a>; the others are on the roadmap, not yet
          available.
        </p>
        <p>
          Drop in a video or podcast, pick a language and get it back dubbed: same moments, same background, subtitles
          included. Real-time progress from upload to download.
        </p>
        <div className="hero-actions">
          <Link to="/creator-studio" className="button large">
            Get Started Free
          </Link>
          <button type="button" className="button large secondary" onClick={demo.open}>
            Watch Demo
          </button>
        </div>
      </section>

      <section id="features" className="section">
        <h2>Features</h2>
        <CardGrid cards={FEATURES} />
      </section>

      <section id="technology" className="section technology">
        <div>
          <h2>Technology</h2>
          <p>
            Speech recognition, translation and speech synthesis run segment by segment on one timeline. Each line is
            fitted to its slot, the original is ducked under the new voice and loudness is normalised for publishing.
          </p>
        </div>
        <video
          className="demo-video"
          src="/videos/demo.mp4"
          autoPlay
          loop
          muted
          playsInline
          aria-label="Demo: a clip dubbed by Voxlate"
        />
      </section>

      <section id="use-cases" className="section">
        <h2>Use Cases</h2>
        <CardGrid cards={USE_CASES} />
      </section>

      <section id="languages" className="section">
        <h2>Languages</h2>
        <p>What a dub from English into each language gives on this installation, before you choose one:</p>
        <LanguageList support={support} />
      </section>

      <section className="section cta">
        <h2>Ready to reach the world?</h2>
        <div className="hero-actions">
          <Link to="/creator-studio" className="button large">
            Start Free Trial
          </Link>
          {/* A demo is scheduled by asking: no clip stands in for one. */}
          <Link to="/about#contact" className="button large secondary">
            Schedule Demo
          </Link>
        </div>
      </section>
      <Footer />
      <DemoDialog demo={demo} />
    </div>
  );
}

/** The 11 dub targets, each with the translation it gets here (full, or a word-by-word gist). */
function LanguageList({ support }: { support: LanguageSupport }) {
  return (
    <ul className="language-list">
      {TARGET_LANGUAGES.map((language) => {
        const quality = support.quality[language.code];
        const label = !quality
          ? language.code === 'eng'
            ? 'dubbed into from the ten others (the studio shows each one’s quality)'
            : 'checking…'
          : quality.quality === 'full'
            ? `full translation (${quality.engine})`
            : `word-by-word gist (${quality.engine}), flagged for review`;
        return (
          <li key={language.code} className={quality?.quality ?? ''}>
            <strong>{language.name}</strong> <span>{label}</span>
          </li>
        );
      })}
    </ul>
  );
}
