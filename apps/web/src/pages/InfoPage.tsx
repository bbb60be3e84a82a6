import type { ReactNode } from 'react';
import { Footer } from '../components/Footer.js';
import { usePageTitle } from '../lib/page-title.js';

/** The frame of an information page (about, privacy, terms, licences): its title, its text, the footer. */
export function InfoPage({ title, heading, children }: { title: string; heading?: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="info-page">
      <section className="section">
        <h1>{heading ?? title}</h1>
        {children}
      </section>
      <Footer />
    </div>
  );
}
