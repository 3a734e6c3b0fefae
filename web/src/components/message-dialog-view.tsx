import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import type { MessageDialogProps } from './message-dialog'

/** Spec section 9: dialogs 550 px wide above 960 px, otherwise 250 px. */
const SPEC_DIALOG_WIDTH = { width: 250, '@media (min-width: 961px)': { width: 550 } } as const

/** MessageDialog's MUI dialog, loaded the first time one opens (message-dialog.tsx). */
export default function MessageDialogView(props: MessageDialogProps) {
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
