import { Link } from '../lib/router'

export interface FooterLink {
  /** The footer page's name ('security'): its link's test id, whatever the page's language. */
  page: string
  label: string
  to: string
}

/** The footer under every page: links to the footer pages (e.g. Security). Plain links (index.html's .cl-footer). */
export function AppFooter(props: { links: readonly FooterLink[] }) {
  return (
    <footer className="cl-footer">
      {props.links.map((link) => (
        <Link key={link.to} to={link.to} data-testid={`footer-link-${link.page}`}>
          {link.label}
        </Link>
      ))}
    </footer>
  )
}
