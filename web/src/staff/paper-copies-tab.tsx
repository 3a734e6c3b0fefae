import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { errorMessage, isSignedOut, staffApi } from './staff-api'
import { atSeconds } from './staff-format'
import { useStaffAction, useStaffLoad } from './staff-session'
import { FeedbackAlert, LoadError, Loading, ScrollTable, type Feedback } from './staff-ui'

/** Paper copies to mail (GET /paper-copies), oldest request first, each marked mailed once it is. */
export function PaperCopiesTab() {
  const copies = useStaffLoad(staffApi.paperCopies)
  const act = useStaffAction()
  const [busy, setBusy] = useState<string | null>(null)
  const [feedback, setFeedback] = useState<Feedback | null>(null)

  const markMailed = async (policyId: string) => {
    setBusy(policyId)
    setFeedback(null)
    try {
      setFeedback({ kind: 'answer', answer: await act(policyId, 'paper-mailed') })
      copies.reload()
    } catch (error) {
      if (!isSignedOut(error)) setFeedback({ kind: 'error', message: errorMessage(error) })
    } finally {
      setBusy(null)
    }
  }

  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h5">
        Paper copies to mail
      </Typography>
      <FeedbackAlert feedback={feedback} onClose={() => setFeedback(null)} />
      {copies.error && <LoadError message={copies.error} onRetry={copies.reload} />}
      {!copies.value && !copies.error && <Loading label="Loading the paper copies" />}
      {copies.value && copies.value.length === 0 && <Typography color="text.secondary">No paper copy to mail.</Typography>}
      {copies.value && copies.value.length > 0 && (
        <ScrollTable
          label="Paper copies to mail"
          head={['Policy', 'Institution', 'Contract number', 'Reason', 'Requested', 'Name', 'Address', 'Mailed']}
          testId="staff-paper-copies"
        >
          {copies.value.map((copy) => (
            <TableRow key={copy.policyId}>
              <TableCell>{copy.policyId}</TableCell>
              <TableCell>{copy.institutionId}</TableCell>
              <TableCell>{copy.contractNumber}</TableCell>
              <TableCell>{copy.reason}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{atSeconds(copy.requestedAt)}</TableCell>
              <TableCell>{copy.name}</TableCell>
              <TableCell sx={{ minWidth: 200 }}>{copy.address}</TableCell>
              <TableCell>
                <Button
                  variant="outlined"
                  size="small"
                  disabled={busy !== null || copies.loading}
                  onClick={() => void markMailed(copy.policyId)}
                  aria-label={`Mark mailed (${copy.policyId})`}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  Mark mailed
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </ScrollTable>
      )}
    </Stack>
  )
}
