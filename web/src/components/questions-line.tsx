import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { FlowActor } from '../flow/flow-actor'
import { institutionPhone } from '../lib/format'
import { fill, screens } from '../lib/product'

/**
 * screens.components.questionsLine ('Questions? Call {institution} at {phone}.'), when the
 * institution has a name and a phone; the phone stays on one line.
 */
export function QuestionsLine() {
  const institution = FlowActor.useSelector((s) => s.context.institution)
  const name = institution?.name ?? ''
  const phone = institutionPhone(institution?.branding)
  if (!name || !phone) return null
  const [before = '', after = ''] = screens.components.questionsLine.split('{phone}')
  return (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
      {fill(before, { institution: name })}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="institution-phone">
        {phone}
      </Box>
      {fill(after, { institution: name })}
    </Typography>
  )
}
