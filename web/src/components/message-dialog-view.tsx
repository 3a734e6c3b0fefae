import Button from '@mui/material/Button'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { AppDialog } from './app-dialog'
import { MuiTheme } from './mui-theme'
import type { MessageDialogProps } from './message-dialog'

/** MessageDialog's MUI dialog (in the institution's MUI theme), loaded the first time one opens (message-dialog.tsx). */
export default function MessageDialogView(props: MessageDialogProps) {
  const paragraphs = typeof props.message === 'string' ? [props.message] : props.message
  return (
    <MuiTheme>
      <AppDialog
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
      </AppDialog>
    </MuiTheme>
  )
}
