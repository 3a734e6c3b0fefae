import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { FlowActor } from '../flow/flow-actor'
import { institutionPhone } from '../lib/format'

/** 'Questions? Call {institution} at (AAA) BBB-CCCC.', when the institution has a name and a phone. */
export function QuestionsLine() {
  const institution = FlowActor.useSelector((s) => s.context.institution)
  const name = institution?.name ?? ''
  const phone = institutionPhone(institution?.branding)
  if (!name || !phone) return null
  return (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
      {`Questions? Call ${name} at `}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="institution-phone">
        {phone}
      </Box>
      .
    </Typography>
  )
}
