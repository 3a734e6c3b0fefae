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

/** A small modal with a title, a message (one paragraph per string) and one or two actions. */
export function MessageDialog(props: {
  open: boolean
  title?: string
  message: string | readonly string[]
  actions: DialogAction[]
  testId?: string
  /** Escape / backdrop click; without it the dialog stays until an action is chosen. */
  onClose?: () => void
}) {
  const paragraphs = typeof props.message === 'string' ? [props.message] : props.message
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      data-testid={props.testId}
      aria-labelledby="message-dialog-title"
      aria-describedby="message-dialog-text"
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
