import { Link } from 'react-router-dom';
import { addressOf, Routes } from '@voxlate/contract';

/** Every link goes to a page of this product: `to`, a studio route; `href`, a page the service serves. */
type FooterLink = { text: string; to?: string; href?: string };

const COLUMNS: [string, FooterLink[]][] = [
  [
    'Product',
    [
      { text: 'Features', to: '/#features' },
      { text: 'Pricing', to: '/pricing' },
      { text: 'Creator Studio', to: '/creator-studio' },
      { text: 'API reference', href: addressOf(Routes.apiReference) },
    ],
  ],
  [
    'Company',
    [
      { text: 'About', to: '/about' },
      { text: 'Blog', to: '/about#updates' },
      { text: 'Careers', to: '/about#contribute' },
    ],
  ],
  [
    'Legal',
    [
      { text: 'Privacy', to: '/privacy' },
      { text: 'Terms', to: '/terms' },
      { text: 'Licences', to: '/licences' },
    ],
  ],
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
            ) : (
              <Link key={link.text} to={link.to ?? '/'}>
                {link.text}
              </Link>
            ),
          )}
        </nav>
      ))}
      <p className="copyright">© {new Date().getFullYear()} Voxlate</p>
    </footer>
  );
}
