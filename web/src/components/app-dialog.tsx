import Dialog, { type DialogProps } from '@mui/material/Dialog'

/** Spec section 9: dialogs are 550 px wide above 960 px, otherwise 250 px. */
export const DIALOG_PAPER_SX = { width: 250, '@media (min-width: 961px)': { width: 550 } } as const

/**
 * The app's one modal dialog: MUI's, with the spec's width on its paper. Every dialog (the message
 * dialogs, the real-VIN prompt) is one of these, so none can forget the width.
 */
export function AppDialog({ slotProps, ...props }: Omit<DialogProps, 'fullWidth' | 'maxWidth'>) {
  return <Dialog {...props} slotProps={{ ...slotProps, paper: { sx: DIALOG_PAPER_SX } }} />
}
