import Alert from '@mui/material/Alert'
import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Toolbar from '@mui/material/Toolbar'
import Typography from '@mui/material/Typography'
import type { ComponentType } from 'react'
import { AuditTab } from './audit-tab'
import { InstitutionsTab } from './institutions-tab'
import { MembersTab } from './members-tab'
import { PaperCopiesTab } from './paper-copies-tab'
import { ProgrammeTab } from './programme-tab'
import { RefundsTab } from './refunds-tab'
import type { StaffMe, StaffRole } from './staff-api'
import { useStaffSession } from './staff-session'
import { useStaffParams } from './staff-url'

interface ConsoleTab {
  /** Its value in the URL (`?tab=`). */
  id: string
  label: string
  /** Shown to a person with any of these roles. */
  roles: readonly StaffRole[]
  Panel: ComponentType
}

const TABS: readonly ConsoleTab[] = [
  { id: 'members', label: 'Members', roles: ['support', 'admin'], Panel: MembersTab },
  { id: 'paper-copies', label: 'Paper copies', roles: ['support', 'admin'], Panel: PaperCopiesTab },
  { id: 'refunds', label: 'Check refunds', roles: ['support', 'admin'], Panel: RefundsTab },
  { id: 'programme', label: 'Programme', roles: ['manager', 'admin'], Panel: ProgrammeTab },
  { id: 'institutions', label: 'Institutions', roles: ['admin'], Panel: InstitutionsTab },
  { id: 'audit', label: 'Audit log', roles: ['support', 'manager', 'admin'], Panel: AuditTab },
]

/** The tabs a person's roles open. */
export function tabsFor(roles: readonly StaffRole[]): ConsoleTab[] {
  return TABS.filter((tab) => tab.roles.some((role) => roles.includes(role)))
}

/** 'support, manager · Summit Credit Union': the roles, and the institution for a person tied to one. */
function whoText(me: StaffMe): string {
  const roles = me.roles.join(', ')
  if (!me.institutionId) return roles
  const institution = me.institutions.find((known) => known.institutionId === me.institutionId)
  return `${roles} · ${institution?.name ?? me.institutionId}`
}

function StaffBar(props: { onSignOut: () => void }) {
  const { me } = useStaffSession()
  return (
    <AppBar position="static" elevation={0}>
      <Toolbar sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, py: { xs: 1, sm: 0 } }}>
        <Typography component="h1" variant="h6" sx={{ flexGrow: 1 }}>
          Coverline staff
        </Typography>
        <Box sx={{ textAlign: { xs: 'left', sm: 'right' } }} data-testid="staff-who">
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {me.name}
          </Typography>
          <Typography variant="caption" component="p">
            {whoText(me)}
          </Typography>
        </Box>
        <Button color="inherit" variant="outlined" size="small" onClick={props.onSignOut}>
          Sign out
        </Button>
      </Toolbar>
    </AppBar>
  )
}

/**
 * The signed-in console: the bar (who, their roles, Sign out), the tabs their roles open and the
 * selected one's panel. The tab is the URL's `?tab=` (a reload keeps it); an unknown one or one the
 * person may not open is the first of theirs.
 */
export function StaffConsole(props: { onSignOut: () => void; signOutError: string | null }) {
  const { me } = useStaffSession()
  const { params, change } = useStaffParams()
  const tabs = tabsFor(me.roles)
  const asked = params.get('tab')
  const selected = tabs.find((tab) => tab.id === asked) ?? tabs[0]
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default', color: 'text.primary' }}
    >
      <StaffBar onSignOut={props.onSignOut} />
      {props.signOutError && (
        <Alert severity="error" role="alert" sx={{ borderRadius: 0 }}>
          {props.signOutError}
        </Alert>
      )}
      <Box component="main" sx={{ flex: 1, width: '100%', maxWidth: 1400, mx: 'auto' }}>
        {selected ? (
          <>
            <Box sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 2 } }}>
              <Tabs
                value={selected.id}
                onChange={(_event, id: string) => change({ tab: id, policy: null })}
                aria-label="Console sections"
                variant="scrollable"
                scrollButtons="auto"
                allowScrollButtonsMobile
              >
                {tabs.map((tab) => (
                  <Tab
                    key={tab.id}
                    value={tab.id}
                    label={tab.label}
                    id={`staff-tab-${tab.id}`}
                    aria-controls={`staff-panel-${tab.id}`}
                  />
                ))}
              </Tabs>
            </Box>
            {tabs.map((tab) => (
              <Box
                key={tab.id}
                role="tabpanel"
                id={`staff-panel-${tab.id}`}
                aria-labelledby={`staff-tab-${tab.id}`}
                hidden={tab !== selected}
                sx={{ p: { xs: 2, sm: 3 } }}
              >
                {tab === selected && <tab.Panel />}
              </Box>
            ))}
          </>
        ) : (
          <Alert severity="warning" sx={{ m: 3 }}>
            Your roles open no part of the console.
          </Alert>
        )}
      </Box>
    </Box>
  )
}
