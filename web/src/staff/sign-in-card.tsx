import Alert, { type AlertColor } from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { SIGN_IN_URL } from './staff-api'

/** Why the server sent the browser back to `/staff?signIn=…` instead of opening a session. */
const REFUSALS: Record<string, { severity: AlertColor; text: string }> = {
  denied: { severity: 'warning', text: 'The sign-in was declined, by you or by the identity provider.' },
  expired: { severity: 'warning', text: 'The sign-in took too long. Try again.' },
  invalid: { severity: 'error', text: 'The sign-in could not be verified. Try again.' },
  unavailable: { severity: 'error', text: 'The identity provider cannot be reached. Try again later.' },
  noRole: { severity: 'warning', text: 'Your account has no role in the staff console. Ask an administrator for one.' },
  off: { severity: 'error', text: 'The staff console is not configured on this server.' },
}

/** Why the card shows instead of the console, when the person did not just arrive. */
export type SignedOutReason = 'sessionEnded' | 'signedOut'

const REASONS: Record<SignedOutReason, string> = {
  sessionEnded: 'Your session ended. Sign in again.',
  signedOut: 'You signed out.',
}

/**
 * The console without a session: what happened (a refused sign-in, the session's end, a sign-out)
 * and "Sign in", a plain link: the server sends the browser on to the identity provider.
 */
export function SignInCard(props: { refusal: string | null; reason: SignedOutReason | null }) {
  const refusal = props.reason ? null : (REFUSALS[props.refusal ?? ''] ?? null)
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'grey.100' }}
    >
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 440 }}>
        {props.reason && (
          <Alert severity="info" role="status" data-testid="staff-signed-out-reason">
            {REASONS[props.reason]}
          </Alert>
        )}
        {refusal && (
          <Alert severity={refusal.severity} role="alert" data-testid="staff-sign-in-refusal">
            {refusal.text}
          </Alert>
        )}
        <Card variant="outlined" data-testid="staff-sign-in">
          <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography component="h1" variant="h5">
              Coverline staff console
            </Typography>
            <Typography color="text.secondary">Sign in with your work account to look after members and programmes.</Typography>
            <Button variant="contained" size="large" href={SIGN_IN_URL} sx={{ alignSelf: 'flex-start' }}>
              Sign in
            </Button>
          </CardContent>
        </Card>
      </Stack>
    </Box>
  )
}
