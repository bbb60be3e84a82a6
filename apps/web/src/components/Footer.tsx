import { Link } from 'react-router-dom';

/** A product link goes where it says; the company and legal ones are the spec's placeholders. */
type FooterLink = { text: string; to?: string };

const COLUMNS: [string, FooterLink[]][] = [
  [
    'Product',
    [
      { text: 'Features', to: '/#features' },
      { text: 'Pricing', to: '/pricing' },
      { text: 'Creator Studio', to: '/creator-studio' },
    ],
  ],
  ['Company', [{ text: 'About' }, { text: 'Blog' }, { text: 'Careers' }]],
  ['Legal', [{ text: 'Privacy' }, { text: 'Terms' }]],
];

/** The footer of the landing and pricing pages. */
export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-brand">
        <strong>Voxlate</strong>
        <p>Your voice, in every language.</p>
      </div>
      {COLUMNS.map(([title, links]) => (
        <nav key={title} aria-label={title}>
          <h4>{title}</h4>
          {links.map((link) =>
            link.to ? (
              <Link key={link.text} to={link.to}>
                {link.text}
              </Link>
            ) : (
              <a key={link.text} href="#" onClick={(event) => event.preventDefault()}>
                {link.text}
              </a>
            ),
          )}
        </nav>
      ))}
      <p className="copyright">© {new Date().getFullYear()} Voxlate</p>
    </footer>
  );
}
