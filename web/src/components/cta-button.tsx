import type { ButtonHTMLAttributes } from 'react'
import { screens } from '../lib/product'

export type CtaButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  busy?: boolean
  /** Full width (the default: a page's main button spans its column). */
  wide?: boolean
  /** 'medium' in a dialog's actions. */
  size?: 'large' | 'medium'
  'data-testid'?: string
}

/**
 * The page's main call-to-action button, in the institution's cta colour (with the text colour and
 * hover shade brand-frame.tsx picks for it), with a busy spinner. Plain HTML and index.html's
 * .cl-button: no styling at run time, and the same on a MUI screen and on the splash.
 */
export function CtaButton({
  busy = false,
  wide = true,
  size = 'large',
  disabled,
  children,
  className,
  type = 'button',
  ...props
}: CtaButtonProps) {
  return (
    <button
      type={type}
      className={['cl-button', wide ? 'cl-button-wide' : '', size === 'medium' ? 'cl-button-medium' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      disabled={disabled || busy}
      {...props}
    >
      {busy && (
        <svg className="cl-spinner" viewBox="22 22 44 44" role="progressbar" aria-label={screens.components.loadingLabel}>
          <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
        </svg>
      )}
      {children}
    </button>
  )
}
