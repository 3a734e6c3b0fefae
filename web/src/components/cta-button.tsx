import Button, { type ButtonProps } from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'

/** The page's main call-to-action button, in the institution's cta colour, with a busy spinner. */
export function CtaButton({ busy = false, disabled, children, ...props }: ButtonProps & { busy?: boolean }) {
  return (
    <Button
      variant="contained"
      color="cta"
      size="large"
      fullWidth
      disabled={disabled || busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label="Loading" /> : undefined}
      {...props}
    >
      {children}
    </Button>
  )
}
