import { Component, type ErrorInfo, type ReactNode } from 'react'
import { labels, messages } from '../lib/product'
import { StaticShellDone } from '../lib/static-shell'
import { CtaButton } from './cta-button'
import { ErrorAlert } from './plain-controls'

interface State {
  error: unknown
}

/**
 * Catches what a page throws while it renders, above all a ChunkLoadError (lib/chunk-load.ts: its
 * code did not arrive, or took over 120 s): a plain message with Reload instead of a blank page. Plain
 * HTML on index.html's classes: it must show when the code that failed was MUI's.
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
      <div className="cl-failed" data-testid="page-load-failed">
        <StaticShellDone />
        <ErrorAlert>{messages.pageLoadFailed}</ErrorAlert>
        <CtaButton wide={false} onClick={() => window.location.reload()} data-testid="page-reload">
          {labels.reload}
        </CtaButton>
      </div>
    )
  }
}
