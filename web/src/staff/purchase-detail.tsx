import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { useCallback, type ReactNode } from 'react'
import { PurchaseActionsBar } from './purchase-actions'
import { staffApi, type PurchaseDetail } from './staff-api'
import { atMillis, atSeconds, day, money } from './staff-format'
import { useStaffLoad } from './staff-session'
import { Facts, LoadError, Loading, NONE, ScrollTable } from './staff-ui'

function Section(props: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Stack component="section" spacing={1.5} data-testid={props.testId}>
      <Typography component="h4" variant="h6">
        {props.title}
      </Typography>
      {props.children}
    </Stack>
  )
}

function Summary({ detail }: { detail: PurchaseDetail }) {
  const payment =
    detail.paymentId === null
      ? 'Not paid'
      : `${detail.amountCents === null ? '' : `${money(detail.amountCents)}, `}gateway reference ${detail.paymentId}`
  return (
    <Facts
      testId="staff-purchase-summary"
      items={[
        ['Member', detail.memberName ?? NONE],
        ['Email', detail.email],
        ['Institution', detail.institutionId],
        ['Status', detail.status],
        ['Contract number', detail.contractNumber ?? NONE],
        ['Coverage', detail.coverageName],
        ['VIN', detail.vin],
        ['Price', `${money(detail.priceCents)} (tax ${money(detail.rateTaxCents)})`],
        ['Payment', payment],
        ['Last error', detail.lastError ?? NONE],
        ['Created', atSeconds(detail.createdAt)],
        ['Updated', atSeconds(detail.updatedAt)],
      ]}
    />
  )
}

function Workflow({ workflow }: { workflow: PurchaseDetail['workflow'] }) {
  return (
    <Section title="Workflow" testId="staff-workflow">
      {workflow.problem && <Alert severity="warning">{workflow.problem}</Alert>}
      <Facts
        items={[
          ['Workflow id', workflow.workflowId],
          ['Execution', workflow.execution ?? NONE],
          ['History length', workflow.historyLength === null ? NONE : String(workflow.historyLength)],
        ]}
      />
      {workflow.pending.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No pending activity.
        </Typography>
      ) : (
        <ScrollTable label="Pending activities" head={['Pending activity', 'Attempt', 'Last failure']}>
          {workflow.pending.map((pending) => (
            <TableRow key={pending.activity}>
              <TableCell>{pending.activity}</TableCell>
              <TableCell>{pending.attempt}</TableCell>
              <TableCell sx={{ minWidth: 240 }}>{pending.lastFailure ?? NONE}</TableCell>
            </TableRow>
          ))}
        </ScrollTable>
      )}
      <Link href={workflow.historyUrl} target="_blank" rel="noopener" sx={{ alignSelf: 'flex-start' }}>
        Open in Temporal UI
      </Link>
    </Section>
  )
}

function PaperCopy({ copy }: { copy: NonNullable<PurchaseDetail['paperCopy']> }) {
  const mailed = copy.mailedAt === null ? 'Not yet' : `${atSeconds(copy.mailedAt)}${copy.mailedBy ? ` by ${copy.mailedBy}` : ''}`
  return (
    <Section title="Paper copy" testId="staff-paper-copy">
      <Facts
        items={[
          ['Reason', copy.reason],
          ['Requested', atSeconds(copy.requestedAt)],
          ['Mailed', mailed],
        ]}
      />
    </Section>
  )
}

function Refund({ refund }: { refund: NonNullable<PurchaseDetail['refund']> }) {
  return (
    <Section title="Refund" testId="staff-refund">
      <Facts
        items={[
          ['Refund', money(refund.refundCents)],
          ['Refund by', refund.refundBy],
          ['Due by', refund.dueBy === null ? NONE : day(refund.dueBy)],
          ['Paid', refund.paidAt === null ? 'Not yet' : atSeconds(refund.paidAt)],
          ['Check number', refund.checkNumber ?? NONE],
        ]}
      />
    </Section>
  )
}

function Timeline({ timeline }: { timeline: PurchaseDetail['timeline'] }) {
  return (
    <Section title="Timeline">
      {timeline.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing on the timeline yet.
        </Typography>
      ) : (
        <ScrollTable label="Timeline" head={['Time', 'Kind', 'Actor', 'Detail']} testId="staff-timeline">
          {timeline.map((entry, index) => (
            <TableRow key={`${entry.at}-${index}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{atMillis(entry.at)}</TableCell>
              <TableCell>{entry.kind}</TableCell>
              <TableCell sx={{ minWidth: 200 }}>{entry.actor}</TableCell>
              <TableCell sx={{ minWidth: 240 }}>{entry.detail ?? NONE}</TableCell>
            </TableRow>
          ))}
        </ScrollTable>
      )}
    </Section>
  )
}

/**
 * One purchase (GET /policy/{id}): its summary, its workflow in Temporal, its paper copy and refund
 * when it has them, its timeline, and the actions its state allows. Each action reloads it.
 */
export function PurchaseDetailView(props: { policyId: string; backLabel: string; onBack: () => void }) {
  const { policyId } = props
  const load = useCallback(() => staffApi.purchase(policyId), [policyId])
  const purchase = useStaffLoad(load)
  const detail = purchase.value
  return (
    <Stack component="article" spacing={3} aria-labelledby="staff-purchase-title" data-testid="staff-purchase">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id="staff-purchase-title" component="h3" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
          Purchase {policyId}
        </Typography>
        <Button variant="text" onClick={props.onBack}>
          {props.backLabel}
        </Button>
      </Box>
      {purchase.error && <LoadError message={purchase.error} onRetry={purchase.reload} />}
      {!detail && !purchase.error && <Loading label="Loading the purchase" />}
      {detail && (
        <>
          <PurchaseActionsBar detail={detail} reloading={purchase.loading} onAnswered={purchase.reload} />
          <Section title="Summary">
            <Summary detail={detail} />
          </Section>
          <Workflow workflow={detail.workflow} />
          {detail.paperCopy && <PaperCopy copy={detail.paperCopy} />}
          {detail.refund && <Refund refund={detail.refund} />}
          <Timeline timeline={detail.timeline} />
        </>
      )}
    </Stack>
  )
}
