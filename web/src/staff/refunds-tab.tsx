import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { RefundPaidDialog } from './refund-paid-dialog'
import { staffApi, type ActionAnswer } from './staff-api'
import { day, money } from './staff-format'
import { useStaffLoad } from './staff-session'
import { FeedbackAlert, LoadError, Loading, ScrollTable, type Feedback } from './staff-ui'

/** Check refunds to pay (GET /refunds): what each owes today, and "Record check paid…" once mailed. */
export function RefundsTab() {
  const refunds = useStaffLoad(staffApi.refunds)
  const [paying, setPaying] = useState<string | null>(null)
  const [feedback, setFeedback] = useState<Feedback | null>(null)

  const paid = (answer: ActionAnswer) => {
    setPaying(null)
    setFeedback({ kind: 'answer', answer })
    refunds.reload()
  }

  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h5">
        Check refunds to pay
      </Typography>
      <FeedbackAlert feedback={feedback} onClose={() => setFeedback(null)} />
      {refunds.error && <LoadError message={refunds.error} onRetry={refunds.reload} />}
      {!refunds.value && !refunds.error && <Loading label="Loading the refunds" />}
      {refunds.value && refunds.value.length === 0 && <Typography color="text.secondary">No check refund to pay.</Typography>}
      {refunds.value && refunds.value.length > 0 && (
        <ScrollTable
          label="Check refunds to pay"
          head={['Policy', 'Institution', 'State', 'Refund', 'Due by', 'Days left', 'Penalty', 'Owed today', 'Paid']}
          testId="staff-refunds"
        >
          {refunds.value.map((refund) => (
            <TableRow key={refund.policyId}>
              <TableCell>{refund.policyId}</TableCell>
              <TableCell>{refund.institutionId}</TableCell>
              <TableCell>{refund.state}</TableCell>
              <TableCell>{money(refund.refundCents)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(refund.dueBy)}</TableCell>
              <TableCell sx={{ color: refund.daysLeft < 0 ? 'error.main' : undefined }}>{refund.daysLeft}</TableCell>
              <TableCell>{money(refund.penaltyCents)}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{money(refund.owedCents)}</TableCell>
              <TableCell>
                <Button
                  variant="outlined"
                  size="small"
                  disabled={refunds.loading}
                  onClick={() => setPaying(refund.policyId)}
                  aria-label={`Record check paid… (${refund.policyId})`}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  Record check paid…
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </ScrollTable>
      )}
      {paying && <RefundPaidDialog policyId={paying} onClose={() => setPaying(null)} onDone={paid} />}
    </Stack>
  )
}
