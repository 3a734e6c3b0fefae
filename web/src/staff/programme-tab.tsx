import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useMemo, useState, type FormEvent } from 'react'
import { reportCsvUrl, staffApi, type Report } from './staff-api'
import { day, daysAgo, money } from './staff-format'
import { useStaffLoad, useStaffSession } from './staff-session'
import { Facts, LoadError, Loading, NONE, ScrollTable } from './staff-ui'

/** The period shown at first: the last 30 days, today included. */
const DEFAULT_DAYS = 30

const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`

const count = (value: number) => value.toLocaleString('en-US')

function ReportView({ report }: { report: Report }) {
  return (
    <Stack spacing={3} data-testid="staff-report">
      <Stack component="section" spacing={1.5}>
        <Typography component="h3" variant="h6">
          Funnel
        </Typography>
        <ScrollTable label="Funnel" head={['Step', 'Reached', 'Left here', 'From previous']} testId="staff-funnel">
          {report.funnel.map((step) => (
            <TableRow key={step.step}>
              <TableCell>{step.step}</TableCell>
              <TableCell>{count(step.reached)}</TableCell>
              <TableCell>{typeof step.left === 'number' ? count(step.left) : NONE}</TableCell>
              <TableCell>{typeof step.fromPreviousPercent === 'number' ? percent(step.fromPreviousPercent) : NONE}</TableCell>
            </TableRow>
          ))}
        </ScrollTable>
      </Stack>
      <Stack component="section" spacing={1.5}>
        <Typography component="h3" variant="h6">
          Totals
        </Typography>
        <Facts
          testId="staff-report-totals"
          items={[
            ['Sales', `${count(report.sales.contracts)} contracts, ${money(report.sales.amountCents)}`],
            ['Cancellations', `${count(report.cancellations.contracts)} contracts`],
            ['Refunds', `${count(report.refunds.count)}, ${money(report.refunds.amountCents)}`],
          ]}
        />
      </Stack>
      <Stack component="section" spacing={1.5}>
        <Typography component="h3" variant="h6">
          By day
        </Typography>
        {report.days.length === 0 ? (
          <Typography color="text.secondary">No day in this period.</Typography>
        ) : (
          <ScrollTable label="By day" head={['Date', 'Contracts', 'Amount', 'Cancellations', 'Refunds', 'Refunded']}>
            {report.days.map((row) => (
              <TableRow key={row.date}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(row.date)}</TableCell>
                <TableCell>{count(row.contracts)}</TableCell>
                <TableCell>{money(row.amountCents)}</TableCell>
                <TableCell>{count(row.cancellations)}</TableCell>
                <TableCell>{count(row.refunds)}</TableCell>
                <TableCell>{money(row.refundCents)}</TableCell>
              </TableRow>
            ))}
          </ScrollTable>
        )}
      </Stack>
    </Stack>
  )
}

/** The member pages the branding preview frames (the app's preview routes: components/preview-frame.tsx), light and dark. */
const PREVIEWS = [
  { name: 'Splash', path: 'splash' },
  { name: 'Coverage', path: 'coverage-preview' },
] as const

/**
 * The institution's splash and coverage page as members see them (the coverage page with sample
 * options), light and dark: two columns on a wide screen, one under the other on a phone. The
 * frames start no quote, send no analytics and store no light/dark choice.
 */
function BrandingPreview({ institutionId }: { institutionId: string }) {
  const base = `/${encodeURIComponent(institutionId)}`
  return (
    <Stack component="section" spacing={1.5} aria-labelledby="branding-preview-title">
      <Typography component="h3" variant="h6" id="branding-preview-title">
        Branding preview
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
        {PREVIEWS.flatMap(({ name, path }) =>
          (['light', 'dark'] as const).map((mode) => {
            const title = `${name}, ${mode}`
            return (
              <Stack key={title} component="figure" spacing={0.75} sx={{ m: 0, minWidth: 0 }}>
                <Typography component="figcaption" variant="subtitle2">
                  {title}
                </Typography>
                <iframe
                  src={`${base}/${path}?preview=${mode}`}
                  title={title}
                  loading="lazy"
                  style={{
                    display: 'block',
                    width: '100%',
                    height: 640,
                    border: '1px solid rgba(0, 0, 0, 0.12)',
                    borderRadius: 8,
                  }}
                />
              </Stack>
            )
          }),
        )}
      </Box>
    </Stack>
  )
}

interface Asked {
  institutionId: string
  from: string
  to: string
  /** Show again with the same values asks the API again. */
  round: number
}

/**
 * Programme (managers: their institution; admins: any): the funnel, sales, cancellations and
 * refunds over a period, its days as CSV, and the institution's branding as members see it.
 */
export function ProgrammeTab() {
  const { me } = useStaffSession()
  const institutions = me.institutions
  const [institutionId, setInstitutionId] = useState(institutions[0]?.institutionId ?? me.institutionId ?? '')
  const [from, setFrom] = useState(() => daysAgo(DEFAULT_DAYS - 1))
  const [to, setTo] = useState(() => daysAgo(0))
  const [problem, setProblem] = useState<string | null>(null)
  const [asked, setAsked] = useState<Asked | null>(null)
  const load = useMemo(() => (asked ? () => staffApi.report(asked.institutionId, asked.from, asked.to) : null), [asked])
  const report = useStaffLoad(load)

  const show = (event: FormEvent) => {
    event.preventDefault()
    if (!from || !to) return setProblem('Give the first and the last day of the period.')
    if (from > to) return setProblem('From must not be after To.')
    setProblem(null)
    setAsked((last) => ({ institutionId, from, to, round: (last?.round ?? 0) + 1 }))
  }

  if (!institutionId) {
    return (
      <Alert severity="info" role="status">
        No institution to report on.
      </Alert>
    )
  }
  const named = institutions.find((known) => known.institutionId === institutionId)?.name ?? institutionId
  return (
    <Stack spacing={3}>
      <Typography component="h2" variant="h5">
        Programme
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={show}
        aria-label="Report period"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
      >
        {institutions.length > 1 ? (
          <TextField
            select
            label="Institution"
            value={institutionId}
            onChange={(event) => setInstitutionId(event.target.value)}
            sx={{ minWidth: 240 }}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'staff-report-institution' } }}
          >
            {institutions.map((known) => (
              <option key={known.institutionId} value={known.institutionId}>
                {known.name}
              </option>
            ))}
          </TextField>
        ) : (
          <TextField
            label="Institution"
            value={named}
            sx={{ minWidth: 240 }}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'staff-report-institution' } }}
          />
        )}
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          error={problem !== null}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined, 'data-testid': 'staff-report-from' } }}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={problem !== null}
          helperText={problem}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined, 'data-testid': 'staff-report-to' } }}
        />
        <Button type="submit" variant="contained" sx={{ height: 56 }}>
          Show
        </Button>
      </Box>
      {asked && (
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography>
              {institutions.find((known) => known.institutionId === asked.institutionId)?.name ?? asked.institutionId},{' '}
              {day(asked.from)} to {day(asked.to)}
            </Typography>
            <Button
              variant="outlined"
              href={reportCsvUrl(asked.institutionId, asked.from, asked.to)}
              download={`coverline-${asked.institutionId}-${asked.from}-${asked.to}.csv`}
            >
              Download CSV
            </Button>
          </Box>
          {report.error && <LoadError message={report.error} onRetry={report.reload} />}
          {report.loading && !report.error && <Loading label="Loading the report" />}
          {report.value && !report.loading && <ReportView report={report.value} />}
        </Stack>
      )}
      <BrandingPreview institutionId={institutionId} />
    </Stack>
  )
}
