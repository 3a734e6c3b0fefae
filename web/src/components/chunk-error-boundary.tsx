import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { labels, messages } from '../lib/product'
import { StaticShellDone } from '../lib/static-shell'

interface State {
  error: unknown
}

/**
 * Catches what a page throws while it renders, above all a ChunkLoadError (lib/chunk-load.ts: its
 * code did not arrive, or took over 120 s): a plain message with Reload instead of a blank page.
 * Give it a `key` that changes with the page so the next page starts afresh.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('a page failed to load', error, info.componentStack)
  }

  override render() {
    if (this.state.error === null) return this.props.children
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 2 }} data-testid="page-load-failed">
        <StaticShellDone />
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {messages.pageLoadFailed}
        </Alert>
        <Button variant="contained" color="cta" onClick={() => window.location.reload()} data-testid="page-reload">
          {labels.reload}
        </Button>
      </Stack>
    )
  }
}
