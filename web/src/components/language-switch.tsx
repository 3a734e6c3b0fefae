import type { Language } from '../api/types'
import { LANGUAGE_NAMES, pageLanguage, reloadPage, rememberLanguage } from '../lib/language'

/**
 * The bar's language switch, when the institution offers more than one language: the next
 * language's short code ("ES"), named in that language for assistive technology ("Español", with its
 * `lang`). Choosing it remembers the language on the device, tells a signed-in member's checkout
 * (`keep`: kept for what is sent to them later), and loads the page again in it (the checkout is
 * restored where it was, as on any reload). A checkout that cannot be told now keeps its language:
 * the page changes all the same.
 */
export function LanguageSwitch(props: { languages: readonly Language[]; keep?: (language: Language) => Promise<unknown> }) {
  const { languages, keep } = props
  if (languages.length < 2) return null
  const current = pageLanguage()
  const next = languages[(languages.indexOf(current) + 1) % languages.length] ?? languages[0]
  return (
    <button
      type="button"
      className="cl-icon-button cl-language"
      lang={next}
      aria-label={LANGUAGE_NAMES[next]}
      title={LANGUAGE_NAMES[next]}
      data-testid="language-switch"
      onClick={() => {
        rememberLanguage(next)
        void Promise.resolve(keep?.(next))
          .catch(() => undefined)
          .finally(reloadPage)
      }}
    >
      {next.toUpperCase()}
    </button>
  )
}
