import Box from '@mui/material/Box'
import CssBaseline from '@mui/material/CssBaseline'
import Typography from '@mui/material/Typography'
import { ThemeProvider } from '@mui/material/styles'
import { useMemo, type ReactNode } from 'react'
import type { Branding } from '../api/types'
import { createBrandTheme } from '../lib/brand-theme'
import { messages } from '../lib/product'
import { MessageDialog } from './message-dialog'

/**
 * The institution's theme around a page: its colours, its dark-mode start, and the member's own
 * light/dark choice remembered per institution. Before the institution is known, the fallback colours.
 */
export function BrandFrame(props: { institutionId: string; branding: Branding | undefined; children: ReactNode }) {
  const colors = props.branding?.colors
  const theme = useMemo(() => createBrandTheme(colors), [colors])
  return (
    <ThemeProvider
      // The scheme is chosen once, when the provider mounts: mount it again once the branding is known,
      // so an institution that starts in dark mode does (a member's own choice, stored, still wins).
      key={props.branding ? 'branded' : 'loading'}
      theme={theme}
      defaultMode={props.branding?.shouldStartInDarkMode ? 'dark' : 'light'}
      modeStorageKey={`coverline-mode-${props.institutionId}`}
    >
      <CssBaseline />
      {props.children}
    </ThemeProvider>
  )
}

/** An institution id nobody knows. */
export function InstitutionNotFound() {
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h5" component="h1">
        This page is not available.
      </Typography>
    </Box>
  )
}

/** Spec section 2: an inactive institution's persistent dialog (messages.inactiveTitle). */
export function InactiveInstitutionDialog({ open }: { open: boolean }) {
  return (
    <MessageDialog open={open} title={messages.inactiveTitle} message={messages.inactive} actions={[]} testId="inactive-dialog" />
  )
}
