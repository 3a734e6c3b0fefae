import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Paper from '@mui/material/Paper'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import type { ReactNode } from 'react'
import type { ActionAnswer } from './staff-api'

/** Shown for a missing value. */
export const NONE = '—'

/**
 * A table that scrolls sideways on a phone: its container is a labelled region that takes the
 * keyboard's focus (to scroll it without a mouse), its columns have headers.
 */
export function ScrollTable(props: { label: string; head: readonly string[]; children: ReactNode; testId?: string }) {
  return (
    <TableContainer component={Paper} variant="outlined" role="region" aria-label={props.label} tabIndex={0}>
      <Table size="small" aria-label={props.label} data-testid={props.testId}>
        <TableHead>
          <TableRow>
            {props.head.map((name) => (
              <TableCell key={name} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{props.children}</TableBody>
      </Table>
    </TableContainer>
  )
}

/** Names and values as a description list: two columns from a tablet up, stacked on a phone. */
export function Facts(props: { items: ReadonlyArray<readonly [string, ReactNode]>; testId?: string }) {
  return (
    <Box
      component="dl"
      data-testid={props.testId}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: { xs: 0, sm: 0.75 },
        m: 0,
        '& dt': { color: 'text.secondary', fontWeight: 500 },
        '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' },
      }}
    >
      {props.items.map(([name, value]) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  )
}

/** What an action answered (success when done, info when there was nothing to do), or why it failed. */
export type Feedback = { kind: 'answer'; answer: ActionAnswer } | { kind: 'error'; message: string }

export function FeedbackAlert(props: { feedback: Feedback | null; action?: ReactNode; onClose: () => void }) {
  const { feedback } = props
  if (!feedback) return null
  if (feedback.kind === 'error') {
    return (
      <Alert severity="error" role="alert" onClose={props.onClose} data-testid="staff-feedback">
        {feedback.message}
      </Alert>
    )
  }
  return (
    <Alert
      severity={feedback.answer.outcome === 'done' ? 'success' : 'info'}
      role="status"
      onClose={props.onClose}
      action={props.action}
      data-testid="staff-feedback"
    >
      {feedback.answer.message}
    </Alert>
  )
}

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  )
}

/** A GET that failed (not a 401: that ends the session), with a way to ask again. */
export function LoadError(props: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={props.onRetry}>
          Load again
        </Button>
      }
    >
      {props.message}
    </Alert>
  )
}
