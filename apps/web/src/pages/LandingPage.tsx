import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Footer } from '../components/Footer.js';

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
  const { hash } = useLocation();
  // A link from another page to a section ("/#features") lands on the section.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <div className="landing">
      <nav className="landing-nav" aria-label="Main">
        <Link to="/" className="brand">
          Voxlate
        </Link>
        <div className="anchors">
          <a href="#features">Features</a>
          <a href="#technology">Technology</a>
          <a href="#use-cases">Use Cases</a>
          <Link to="/pricing">Pricing</Link>
        </div>
        <Link to="/creator-studio" className="button">
          Get Started
        </Link>
      </nav>

      <section className="hero">
        <h1>Your videos, heard in 40+ languages</h1>
        <p>
          Drop in a video or podcast, pick a language and get it back dubbed: same moments, same background, subtitles
          included. Real-time progress from upload to download.
        </p>
        <div className="hero-actions">
          <Link to="/creator-studio" className="button large">
            Get Started Free
          </Link>
          <button type="button" className="button large secondary">
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

      <section className="section cta">
        <h2>Ready to reach the world?</h2>
        <div className="hero-actions">
          <Link to="/creator-studio" className="button large">
            Start Free Trial
          </Link>
          <button type="button" className="button large secondary">
            Schedule Demo
          </button>
        </div>
      </section>
      <Footer />
    </div>
  );
}
