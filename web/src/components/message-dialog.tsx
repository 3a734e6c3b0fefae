import { lazy, Suspense, useState } from 'react'
import { loadChunk } from '../lib/chunk-load'

export interface DialogAction {
  label: string
  onClick: () => void
  testId?: string
  primary?: boolean
}

export interface MessageDialogProps {
  open: boolean
  title?: string
  message: string | readonly string[]
  actions: DialogAction[]
  testId?: string
  /** Escape / backdrop click; without it the dialog stays until an action is chosen. */
  onClose?: () => void
}

/** MUI's dialog and its modal machinery: not part of the first load (issue 7). */
const loadView = () => loadChunk(() => import('./message-dialog-view'))
const MessageDialogView = lazy(loadView)

/** Fetches the dialog's code ahead of the first dialog (e.g. once the first page shows). */
export function preloadMessageDialog(): void {
  loadView().catch(() => undefined)
}

/**
 * A small modal with a title, a message (one paragraph per string) and one or two actions. Its code
 * loads when it first opens; after that it stays mounted, so closing it plays the exit transition.
 */
export function MessageDialog(props: MessageDialogProps) {
  const [opened, setOpened] = useState(props.open)
  if (props.open && !opened) setOpened(true)
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <MessageDialogView {...props} />
    </Suspense>
  )
}
