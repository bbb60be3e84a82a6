/** Footer with placeholder links (spec section 2: no destinations shown). */
export function Footer() {
  const columns: [string, string[]][] = [
    ['Product', ['Features', 'Pricing', 'Creator Studio']],
    ['Company', ['About', 'Blog', 'Careers']],
    ['Legal', ['Privacy', 'Terms']],
  ];
  return (
    <footer className="footer">
      <div className="footer-brand">
        <strong>Voxlate</strong>
        <p>Your voice, in every language.</p>
      </div>
      {columns.map(([title, links]) => (
        <nav key={title} aria-label={title}>
          <h4>{title}</h4>
          {links.map((link) => (
            <a key={link} href="#" onClick={(event) => event.preventDefault()}>
              {link}
            </a>
          ))}
        </nav>
      ))}
      <p className="copyright">© {new Date().getFullYear()} Voxlate</p>
    </footer>
  );
}
