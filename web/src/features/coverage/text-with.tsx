import type { ReactNode } from 'react'

/**
 * A catalogue text with one `{name}` mark drawn as a node (a link, a bold amount) where the language
 * puts it: textWith(screens.coverage.review.agreeToTerms, 'termsLink', <a …>…</a>). Its other marks
 * are filled first (`fill`).
 */
export function textWith(text: string, name: string, node: ReactNode): ReactNode {
  const at = text.indexOf(`{${name}}`)
  if (at < 0) return text
  return (
    <>
      {text.slice(0, at)}
      {node}
      {text.slice(at + name.length + 2)}
    </>
  )
}
