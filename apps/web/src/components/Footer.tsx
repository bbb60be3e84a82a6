import { Link } from 'react-router-dom';

/**
 * A product link goes where it says (`to`: a studio route; `href`: a page the service serves);
 * the company and legal ones are the spec's placeholders.
 */
type FooterLink = { text: string; to?: string; href?: string };

const COLUMNS: [string, FooterLink[]][] = [
  [
    'Product',
    [
      { text: 'Features', to: '/#features' },
      { text: 'Pricing', to: '/pricing' },
      { text: 'Creator Studio', to: '/creator-studio' },
      { text: 'API reference', href: '/api/docs' },
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
            link.href ? (
              <a key={link.text} href={link.href}>
                {link.text}
              </a>
            ) : link.to ? (
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
