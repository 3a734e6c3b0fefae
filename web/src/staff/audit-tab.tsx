import Stack from '@mui/material/Stack'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { useCallback } from 'react'
import { staffApi } from './staff-api'
import { atMillis } from './staff-format'
import { useStaffLoad } from './staff-session'
import { LoadError, Loading, NONE, ScrollTable } from './staff-ui'

/** How many entries the tab reads, newest first. */
const AUDIT_LIMIT = 200

/** The audit log (GET /audit): everyone's for an admin, the institution's for a manager, one's own for support. */
export function AuditTab() {
  const load = useCallback(() => staffApi.audit(AUDIT_LIMIT), [])
  const audit = useStaffLoad(load)
  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h5">
        Audit log
      </Typography>
      {audit.error && <LoadError message={audit.error} onRetry={audit.reload} />}
      {!audit.value && !audit.error && <Loading label="Loading the audit log" />}
      {audit.value && audit.value.length === 0 && <Typography color="text.secondary">Nothing in the audit log yet.</Typography>}
      {audit.value && audit.value.length > 0 && (
        <ScrollTable
          label="Audit log, newest first"
          head={['Time', 'Who', 'Role', 'Action', 'Target', 'Institution', 'Outcome', 'Message']}
          testId="staff-audit"
        >
          {audit.value.map((entry, index) => (
            <TableRow key={`${entry.at}-${index}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{atMillis(entry.at)}</TableCell>
              <TableCell>
                {entry.staffName}
                <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                  {entry.staffEmail}
                </Typography>
              </TableCell>
              <TableCell>{entry.role}</TableCell>
              <TableCell>{entry.action}</TableCell>
              <TableCell>{entry.target}</TableCell>
              <TableCell>{entry.institutionId ?? NONE}</TableCell>
              <TableCell>{entry.outcome}</TableCell>
              <TableCell sx={{ minWidth: 240 }}>{entry.message}</TableCell>
            </TableRow>
          ))}
        </ScrollTable>
      )}
    </Stack>
  )
}
