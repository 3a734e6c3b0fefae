import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useCallback, useState, type FormEvent } from 'react'
import { PurchaseDetailView } from './purchase-detail'
import { staffApi, type FoundMember } from './staff-api'
import { atSeconds } from './staff-format'
import { useStaffLoad } from './staff-session'
import { useStaffParams } from './staff-url'
import { Facts, LoadError, Loading, NONE, ScrollTable } from './staff-ui'

function MemberCard(props: { member: FoundMember; onOpen: (policyId: string) => void }) {
  const { member } = props
  const title = member.name ?? member.email
  const checkout = member.checkout
  return (
    <Card variant="outlined" data-testid="staff-member">
      <CardContent>
        <Stack spacing={2}>
          <Typography component="h3" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Facts
            items={[
              ['Email', member.email],
              ['Institution', member.institutionId],
              ['Signed up', atSeconds(member.signedUpAt)],
              ['Checkout step', checkout ? `${checkout.step} (${atSeconds(checkout.updatedAt)})` : NONE],
            ]}
          />
          {member.purchases.length === 0 ? (
            <Typography color="text.secondary">No purchase yet.</Typography>
          ) : (
            <ScrollTable label={`Purchases of ${title}`} head={['Policy', 'Status', 'Contract number', 'Updated']}>
              {member.purchases.map((purchase) => (
                <TableRow key={purchase.policyId}>
                  <TableCell>
                    <Link
                      component="button"
                      type="button"
                      onClick={() => props.onOpen(purchase.policyId)}
                      sx={{ textAlign: 'left', whiteSpace: 'nowrap' }}
                    >
                      {purchase.policyId}
                    </Link>
                  </TableCell>
                  <TableCell>{purchase.status}</TableCell>
                  <TableCell>{purchase.contractNumber ?? NONE}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{atSeconds(purchase.updatedAt)}</TableCell>
                </TableRow>
              ))}
            </ScrollTable>
          )}
        </Stack>
      </CardContent>
    </Card>
  )
}

function SearchResults(props: { query: string; onOpen: (policyId: string) => void }) {
  const { query } = props
  const load = useCallback(() => staffApi.search(query), [query])
  const found = useStaffLoad(load)
  if (found.error) return <LoadError message={found.error} onRetry={found.reload} />
  if (!found.value) return <Loading label="Searching" />
  const members = found.value.members
  if (members.length === 0) {
    return (
      <Alert severity="info" role="status">
        No member found.
      </Alert>
    )
  }
  return (
    <Stack spacing={2} data-testid="staff-search-results">
      {members.map((member) => (
        <MemberCard key={member.userId} member={member} onOpen={props.onOpen} />
      ))}
    </Stack>
  )
}

/**
 * Members: find one by email, contract number, policy or workflow id, and open a purchase of theirs
 * (its id is the URL's `policy`, so a reload opens it again).
 */
export function MembersTab() {
  const { params, change } = useStaffParams()
  const openPolicy = params.get('policy')
  const [typed, setTyped] = useState('')
  /** The search asked for, and how many were asked (the same one again asks the API again). */
  const [search, setSearch] = useState<{ query: string; round: number } | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const q = typed.trim()
    if (!q) {
      setProblem('Enter an email, a contract number, a policy or a workflow id.')
      return
    }
    setProblem(null)
    setSearch((last) => ({ query: q, round: (last?.round ?? 0) + 1 }))
    change({ policy: null })
  }

  return (
    <Stack spacing={3}>
      <Typography component="h2" variant="h5">
        Find a member
      </Typography>
      <Box component="form" role="search" noValidate onSubmit={submit} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          label="Email, contract number, policy or workflow id"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={problem !== null}
          helperText={problem}
          sx={{ flex: '1 1 320px' }}
          slotProps={{ htmlInput: { 'data-testid': 'staff-search-input', autoComplete: 'off', spellCheck: false } }}
        />
        <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start', height: 56 }}>
          Search
        </Button>
      </Box>
      {openPolicy ? (
        <PurchaseDetailView
          key={openPolicy}
          policyId={openPolicy}
          backLabel={search ? 'Back to the results' : 'Close'}
          onBack={() => change({ policy: null })}
        />
      ) : (
        search && <SearchResults key={search.round} query={search.query} onOpen={(policyId) => change({ policy: policyId })} />
      )}
    </Stack>
  )
}
