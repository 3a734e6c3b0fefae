import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react'
import type { Institution } from '../api/types'
import type { Scheme } from '../lib/brand-colors'
import { screens } from '../lib/product'
import { AppLayout, type AppLayoutProps } from './app-layout'
import { BrandFrame, InstitutionNotFound } from './brand-frame'
import { PageSkeleton } from './page-skeleton'

/**
 * The staff console's branding preview of a member page (docs/staff.md): `?preview=light|dark` on
 * the splash, or /{institutionId}/coverage-preview. It runs outside the flow machine, so nothing a
 * visit does happens (no pageview, no session, no captcha, no user). The app hands it its one call,
 * the institution's public data (`loadInstitution`; the server's page carries it), and the removal of
 * the server's static shell (`onDrawn`): the preview's code imports neither the API client nor the
 * static shell's module, which, imported from here too, the bundler moves out of the entry chunk into
 * chunks of their own (a request more on every member's first load).
 */

/** How a preview gets the institution's public data: api.getInstitution. */
export type LoadInstitution = (institutionId: string) => Promise<Institution>

/** What the banner over a previewed page says (screens.components.previewNote). */
export const PREVIEW_NOTE = screens.components.previewNote

/** Over a previewed page: it is a preview, and nothing on it goes anywhere. */
export function PreviewBanner() {
  return (
    <aside aria-label={screens.components.previewLabel} data-testid="preview-banner" className="cl-body2" style={BANNER_STYLE}>
      {PREVIEW_NOTE}
    </aside>
  )
}

const BANNER_STYLE = {
  position: 'sticky',
  top: 0,
  zIndex: 1100,
  margin: 0,
  padding: '6px 16px',
  textAlign: 'center',
  fontWeight: 500,
  // The fill's tint over the page's background: opaque, the page scrolls under it.
  background: 'linear-gradient(var(--cl-fill), var(--cl-fill)), var(--cl-bg)',
  color: 'var(--cl-text)',
  borderBottom: '1px solid var(--cl-line)',
} as const

/** One ask per institution at a time: StrictMode's second effect shares the first's answer (the page's copy is taken once). */
let asked: { institutionId: string; answer: Promise<Institution> } | null = null
function institutionFor(institutionId: string, load: LoadInstitution): Promise<Institution> {
  if (asked?.institutionId === institutionId) return asked.answer
  const ask = { institutionId, answer: load(institutionId) }
  asked = ask
  const done = () => {
    if (asked === ask) asked = null
  }
  ask.answer.then(done, done)
  return ask.answer
}

/** The institution once known (null: nobody knows it), or undefined while it loads. */
function usePreviewInstitution(institutionId: string, load: LoadInstitution): Institution | null | undefined {
  const [loaded, setLoaded] = useState<{ institutionId: string; institution: Institution | null } | null>(null)
  useEffect(() => {
    let live = true
    institutionFor(institutionId, load).then(
      (institution) => live && setLoaded({ institutionId, institution }),
      () => live && setLoaded({ institutionId, institution: null }),
    )
    return () => {
      live = false
    }
  }, [institutionId, load])
  return loaded?.institutionId === institutionId ? loaded.institution : undefined
}

/** The page frame's facts for the previewed page (no back button, no footer: nothing leaves the preview). */
export type PreviewPage = Pick<AppLayoutProps, 'title' | 'progress' | 'stepper' | 'carLine'>

/** What the app hands a previewed page (app/app.tsx). */
export interface PreviewProps {
  institutionId: string
  /** The preview's one call: the institution's public data. */
  loadInstitution: LoadInstitution
  /** Forced light or dark; null: the mode the institution starts in. */
  mode: Scheme | null
  /** Called once the page (or why there is none) is drawn: lib/static-shell.ts removeStaticShell. */
  onDrawn: () => void
}

/**
 * A previewed page: the institution's branding forced to `mode` (null: the mode it starts in), never
 * stored; its page frame with the preview's banner; `children` drawn with the institution.
 */
export function PreviewFrame(props: PreviewProps & { page: PreviewPage; children: (institution: Institution) => ReactNode }) {
  const institution = usePreviewInstitution(props.institutionId, props.loadInstitution)
  const mode = props.mode ?? (institution?.branding.shouldStartInDarkMode ? 'dark' : 'light')
  const { onDrawn } = props
  useLayoutEffect(() => {
    if (institution !== undefined) onDrawn()
  }, [institution, onDrawn])
  return (
    <BrandFrame institutionId={props.institutionId} branding={institution?.branding} preview={mode}>
      {institution === undefined && <PageSkeleton />}
      {institution === null && <InstitutionNotFound />}
      {institution && (
        <AppLayout
          {...props.page}
          banner={<PreviewBanner />}
          logoUrl={institution.logoUrl}
          institutionName={institution.name}
          allowDarkModeToggle={institution.branding.allowDarkModeToggle}
          header={institution.branding.shouldHaveHeader}
        >
          {props.children(institution)}
        </AppLayout>
      )}
    </BrandFrame>
  )
}
