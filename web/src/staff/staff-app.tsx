import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { newIdempotencyKey } from '../api/idempotency-key'
import { useLocation } from '../lib/router'
import { SignInCard, type SignedOutReason } from './sign-in-card'
import { errorMessage, isSignedOut, staffApi, type StaffMe } from './staff-api'
import { StaffConsole } from './staff-console'
import { StaffSessionProvider, type StaffSession } from './staff-session'
import { Loading } from './staff-ui'

type Phase =
  | { step: 'loading' }
  | { step: 'failed'; message: string }
  | { step: 'signedOut'; reason: SignedOutReason | null }
  | { step: 'signedIn'; me: StaffMe }

/**
 * `/staff`, the staff console (docs/staff.md), loaded apart from the member app: who is signed in
 * (GET /api/staff/me), else the sign-in card. A 401 from any later call ends the session: the card
 * again, saying so.
 */
export default function StaffApp() {
  const { search } = useLocation()
  const [phase, setPhase] = useState<Phase>({ step: 'loading' })
  const [round, setRound] = useState(0)

  useEffect(() => {
    document.title = 'Coverline staff console'
  }, [])

  useEffect(() => {
    let live = true
    staffApi.me().then(
      (me) => live && setPhase({ step: 'signedIn', me }),
      (error: unknown) =>
        live &&
        setPhase(isSignedOut(error) ? { step: 'signedOut', reason: null } : { step: 'failed', message: errorMessage(error) }),
    )
    return () => {
      live = false
    }
  }, [round])

  const ended = useCallback(() => setPhase({ step: 'signedOut', reason: 'sessionEnded' }), [])
  const me = phase.step === 'signedIn' ? phase.me : null
  const session = useMemo<StaffSession | null>(() => (me ? { me, ended } : null), [me, ended])

  const [signOutError, setSignOutError] = useState<string | null>(null)
  const signOut = useCallback(async () => {
    if (!me) return
    setSignOutError(null)
    try {
      await staffApi.signOut({ csrfToken: me.csrfToken, idempotencyKey: newIdempotencyKey() })
      setPhase({ step: 'signedOut', reason: 'signedOut' })
    } catch (error) {
      if (isSignedOut(error)) setPhase({ step: 'signedOut', reason: 'signedOut' })
      else setSignOutError(errorMessage(error))
    }
  }, [me])

  if (phase.step === 'loading') return <Loading label="Loading the staff console" />
  if (phase.step === 'failed') {
    return (
      <Box component="main" sx={{ maxWidth: 600, mx: 'auto', p: 3 }}>
        <Alert
          severity="error"
          role="alert"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setPhase({ step: 'loading' })
                setRound((n) => n + 1)
              }}
            >
              Load again
            </Button>
          }
        >
          {phase.message}
        </Alert>
      </Box>
    )
  }
  if (phase.step === 'signedOut' || !session) {
    const refusal = new URLSearchParams(search).get('signIn')
    return <SignInCard refusal={refusal} reason={phase.step === 'signedOut' ? phase.reason : null} />
  }
  return (
    <StaffSessionProvider value={session}>
      <StaffConsole onSignOut={() => void signOut()} signOutError={signOutError} />
    </StaffSessionProvider>
  )
}
