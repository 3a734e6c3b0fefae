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

/** A small modal with a title, a message and one or two actions. */
export function MessageDialog(props: {
  open: boolean
  title?: string
  message: string
  actions: DialogAction[]
  testId?: string
}) {
  return (
    <Dialog open={props.open} data-testid={props.testId} aria-labelledby="message-dialog-title">
      {props.title && <DialogTitle id="message-dialog-title">{props.title}</DialogTitle>}
      <DialogContent>
        <DialogContentText>{props.message}</DialogContentText>
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
