import { Link } from '../lib/router'

export interface FooterLink {
  label: string
  to: string
}

/** The footer under every page: links to the footer pages (e.g. Security). Plain links (index.html's .cl-footer). */
export function AppFooter(props: { links: readonly FooterLink[] }) {
  return (
    <footer className="cl-footer">
      {props.links.map((link) => (
        <Link key={link.to} to={link.to} data-testid={`footer-link-${link.label.toLowerCase()}`}>
          {link.label}
        </Link>
      ))}
    </footer>
  )
}
