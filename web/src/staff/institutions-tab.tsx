import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { useId, useState } from 'react'
import { AppDialog } from '../components/app-dialog'
import { ImportForm } from './import-form'
import { errorMessage, isSignedOut, staffApi, staffPosts, type IntegratorRow, type StaffPost } from './staff-api'
import { useStaffLoad, useStaffPost } from './staff-session'
import { FeedbackAlert, LoadError, Loading, ScrollTable, type Feedback } from './staff-ui'

/** An institution or an integrator, as the buttons that turn it on and off see it. */
interface Switchable {
  kind: 'institution' | 'integrator'
  id: string
  name: string
  isActive: boolean
}

/** What turning it off does, asked before it is done. */
const TURN_OFF_CONSEQUENCE: Record<Switchable['kind'], string> = {
  institution: 'Its members cannot start or continue a purchase until it is turned on again.',
  integrator: 'It can no longer launch or frame the flow.',
}

function activePost(target: Switchable, active: boolean): StaffPost {
  return target.kind === 'institution'
    ? staffPosts.institutionActive(target.id, active)
    : staffPosts.integratorActive(target.id, active)
}

function integratorSwitch(integrator: IntegratorRow): Switchable {
  return { kind: 'integrator', id: integrator.integratorId, name: integrator.name, isActive: integrator.isActive }
}

function Status({ active }: { active: boolean }) {
  return <Chip size="small" variant="outlined" color={active ? 'success' : 'default'} label={active ? 'Active' : 'Inactive'} />
}

/** "Turn off" (after a confirmation) or "Turn on", named with the id it acts on. */
function SwitchButton(props: { target: Switchable; disabled: boolean; onClick: () => void }) {
  const verb = props.target.isActive ? 'Turn off' : 'Turn on'
  return (
    <Button
      variant="outlined"
      size="small"
      color={props.target.isActive ? 'error' : 'primary'}
      disabled={props.disabled}
      onClick={props.onClick}
      aria-label={`${verb} ${props.target.id}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {verb}
    </Button>
  )
}

/** Asks before an institution or an integrator is turned off, saying what that does. */
function TurnOffDialog(props: { target: Switchable; busy: boolean; onClose: () => void; onConfirm: () => void }) {
  const id = useId()
  return (
    <AppDialog
      open
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <DialogTitle id={`${id}-title`}>Turn off {props.target.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{TURN_OFF_CONSEQUENCE[props.target.kind]}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={props.onClose} disabled={props.busy}>
          Keep it on
        </Button>
        <Button variant="contained" color="error" onClick={props.onConfirm} disabled={props.busy}>
          Turn off
        </Button>
      </DialogActions>
    </AppDialog>
  )
}

/** An institution's integrators in its row: each one's name, id, status, origins and switch. */
function IntegratorList(props: { integrators: IntegratorRow[]; disabled: boolean; onSwitch: (target: Switchable) => void }) {
  if (props.integrators.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No integrator
      </Typography>
    )
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {props.integrators.map((integrator) => (
        <Stack component="li" key={integrator.integratorId} spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
              {integrator.name}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {integrator.integratorId}
            </Typography>
            <Status active={integrator.isActive} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {integrator.origins.length > 0 ? `Origins: ${integrator.origins.join(', ')}` : 'No origin may frame the flow'}
          </Typography>
          <SwitchButton
            target={integratorSwitch(integrator)}
            disabled={props.disabled}
            onClick={() => props.onSwitch(integratorSwitch(integrator))}
          />
        </Stack>
      ))}
    </Box>
  )
}

/**
 * Institutions and integrators (admin): each one on or off (GET /institutions; turning one off is
 * confirmed first), and their TOML files imported. The list is read again after each change.
 */
export function InstitutionsTab() {
  const institutions = useStaffLoad(staffApi.institutions)
  const send = useStaffPost()
  const [busy, setBusy] = useState(false)
  const [feedback, setFeedback] = useState<Feedback | null>(null)
  const [confirming, setConfirming] = useState<Switchable | null>(null)

  const turn = async (target: Switchable, active: boolean) => {
    setBusy(true)
    setFeedback(null)
    try {
      setFeedback({ kind: 'answer', answer: await send(activePost(target, active)) })
      institutions.reload()
    } catch (error) {
      if (!isSignedOut(error)) setFeedback({ kind: 'error', message: errorMessage(error) })
    } finally {
      setBusy(false)
      setConfirming(null)
    }
  }

  const onSwitch = (target: Switchable) => {
    if (target.isActive) setConfirming(target)
    else void turn(target, true)
  }

  const disabled = busy || institutions.loading
  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h5">
        Institutions
      </Typography>
      <FeedbackAlert feedback={feedback} onClose={() => setFeedback(null)} />
      {institutions.error && <LoadError message={institutions.error} onRetry={institutions.reload} />}
      {!institutions.value && !institutions.error && <Loading label="Loading the institutions" />}
      {institutions.value && institutions.value.length === 0 && (
        <Typography color="text.secondary">No institution yet: import one below.</Typography>
      )}
      {institutions.value && institutions.value.length > 0 && (
        <ScrollTable
          label="Institutions and their integrators"
          head={['Institution', 'Name', 'Status', 'Integrators', 'On or off']}
          testId="staff-institutions"
        >
          {institutions.value.map((institution) => {
            const target: Switchable = {
              kind: 'institution',
              id: institution.institutionId,
              name: institution.name,
              isActive: institution.isActive,
            }
            return (
              <TableRow key={institution.institutionId} sx={{ verticalAlign: 'top' }}>
                <TableCell>{institution.institutionId}</TableCell>
                <TableCell sx={{ minWidth: 160 }}>{institution.name}</TableCell>
                <TableCell>
                  <Status active={institution.isActive} />
                </TableCell>
                <TableCell sx={{ minWidth: 280 }}>
                  <IntegratorList integrators={institution.integrators} disabled={disabled} onSwitch={onSwitch} />
                </TableCell>
                <TableCell>
                  <SwitchButton target={target} disabled={disabled} onClick={() => onSwitch(target)} />
                </TableCell>
              </TableRow>
            )
          })}
        </ScrollTable>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, pt: 1 }}>
        <ImportForm kind="institution" onImported={institutions.reload} />
        <ImportForm kind="integrator" onImported={institutions.reload} />
      </Box>
      {confirming && (
        <TurnOffDialog
          target={confirming}
          busy={busy}
          onClose={() => setConfirming(null)}
          onConfirm={() => void turn(confirming, false)}
        />
      )}
    </Stack>
  )
}
