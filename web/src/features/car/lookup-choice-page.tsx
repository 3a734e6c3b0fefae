import FormControlLabel from '@mui/material/FormControlLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import { useState } from 'react'
import { CtaButton } from '../../components/cta-button'
import { useFlowSend } from '../../flow/flow-actor'

/** Lookup choice: VIN (the default). The description path joins here once it is wired. */
export default function LookupChoicePage() {
  const send = useFlowSend()
  const [path, setPath] = useState<'vin'>('vin')
  return (
    <Stack spacing={3}>
      <RadioGroup
        aria-label="Lookup method"
        value={path}
        onChange={(event) => setPath(event.target.value as 'vin')}
      >
        <FormControlLabel
          value="vin"
          control={<Radio slotProps={{ input: { 'data-testid': 'lookup-vin' } as object }} />}
          label="VIN"
        />
      </RadioGroup>
      <CtaButton data-testid="lookup-continue" onClick={() => send({ type: 'CHOOSE_VIN' })}>
        Continue
      </CtaButton>
    </Stack>
  )
}
