import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'

export interface DialogAction {
  label: string
  onClick: () => void
  testId?: string
  primary?: boolean
}

/** Spec section 9: dialogs 550 px wide above 960 px, otherwise 250 px. */
export const SPEC_DIALOG_WIDTH = { width: 250, '@media (min-width: 961px)': { width: 550 } } as const

/** A small modal with a title, a message (one paragraph per string) and one or two actions. */
export function MessageDialog(props: {
  open: boolean
  title?: string
  message: string | readonly string[]
  actions: DialogAction[]
  testId?: string
  /** Escape / backdrop click; without it the dialog stays until an action is chosen. */
  onClose?: () => void
  /** Spec section 9's dialog width: 550 px above 960 px wide, else 250 px. */
  specWidth?: boolean
}) {
  const paragraphs = typeof props.message === 'string' ? [props.message] : props.message
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      data-testid={props.testId}
      aria-labelledby="message-dialog-title"
      aria-describedby="message-dialog-text"
      slotProps={props.specWidth ? { paper: { sx: SPEC_DIALOG_WIDTH } } : undefined}
    >
      {props.title && <DialogTitle id="message-dialog-title">{props.title}</DialogTitle>}
      <DialogContent id="message-dialog-text">
        {paragraphs.map((paragraph, index) => (
          <DialogContentText key={paragraph} sx={{ mt: index > 0 ? 1.5 : 0 }}>
            {paragraph}
          </DialogContentText>
        ))}
      </DialogContent>
      <DialogActions>
        {props.actions.map((action) => (
          <Button
            key={action.label}
            onClick={action.onClick}
            data-testid={action.testId}
            variant={action.primary ? 'contained' : 'text'}
            color={action.primary ? 'cta' : 'primary'}
          >
            {action.label}
          </Button>
        ))}
      </DialogActions>
    </Dialog>
  )
}
