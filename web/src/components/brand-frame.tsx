import { createContext, useLayoutEffect, useMemo, type ReactNode } from 'react'
import type { Branding, BrandingColors } from '../api/types'
import { brandColors, ctaColors, type Scheme } from '../lib/brand-colors'
import { startColorMode, useColorMode } from '../lib/color-mode'
import { messages, screens } from '../lib/product'
import { MessageDialog } from './message-dialog'

/** The institution's look, for the screens that draw with MUI (components/mui-theme.tsx). */
export interface Brand {
  institutionId: string
  /** Null before the institution is known: the fallback colours. */
  colors: BrandingColors | null
  startsDark: boolean
  /** A branding preview's forced mode: MUI neither reads nor stores the member's choice. */
  preview?: Scheme
}

export const BrandContext = createContext<Brand | null>(null)

/**
 * The institution's look around a page, without MUI: its colours as `--cl-*` CSS variables on <html>
 * in the current scheme (the primary and secondary readable on it, the cta's text and hover shade),
 * its dark-mode start, and the member's own light/dark choice remembered per institution
 * (lib/color-mode.ts). The page frame and the splash draw with those variables; the screens that use
 * MUI get a theme of the same colours and mode (mui-theme.tsx) from BrandContext. A branding preview
 * (`preview`, the staff console's frames) is drawn in the mode it names, and stores nothing.
 */
export function BrandFrame(props: {
  institutionId: string
  branding: Branding | undefined
  preview?: Scheme
  children: ReactNode
}) {
  const colors = props.branding?.colors ?? null
  const startsDark = props.branding?.shouldStartInDarkMode ?? false
  const known = props.branding !== undefined
  const { preview } = props
  const schemes = useMemo(() => brandColors(colors), [colors])
  const mode = useColorMode()
  useLayoutEffect(() => {
    if (known) startColorMode(props.institutionId, startsDark, preview)
  }, [known, props.institutionId, startsDark, preview])
  useLayoutEffect(() => {
    const html = document.documentElement
    const scheme = schemes[mode ?? (html.classList.contains('dark') ? 'dark' : 'light')]
    const style = html.style
    style.setProperty('--cl-primary', scheme.primary)
    style.setProperty('--cl-primary-text', ctaColors(scheme.primary).text)
    style.setProperty('--cl-secondary', scheme.secondary)
    style.setProperty('--cl-cta', scheme.cta.main)
    style.setProperty('--cl-cta-text', scheme.cta.text)
    style.setProperty('--cl-cta-hover', scheme.cta.hover)
  }, [schemes, mode])
  const brand = useMemo(
    () => (known ? { institutionId: props.institutionId, colors, startsDark, preview } : null),
    [known, props.institutionId, colors, startsDark, preview],
  )
  return <BrandContext.Provider value={brand}>{props.children}</BrandContext.Provider>
}

/** An institution id nobody knows. */
export function InstitutionNotFound() {
  return (
    <main className="cl-main">
      <h1 className="cl-h5">{screens.components.pageNotAvailable}</h1>
    </main>
  )
}

/** Spec section 2: an inactive institution's persistent dialog (messages.inactiveTitle). */
export function InactiveInstitutionDialog({ open }: { open: boolean }) {
  return (
    <MessageDialog open={open} title={messages.inactiveTitle} message={messages.inactive} actions={[]} testId="inactive-dialog" />
  )
}
