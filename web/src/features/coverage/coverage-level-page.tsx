import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import { FlowActor, useFlowSend } from '../../flow/flow-actor'
import { RateCarousel } from './rate-carousel'

/** Coverage selection: quotes the car, then a carousel of up to three rates. */
export default function CoverageLevelPage() {
  const send = useFlowSend()
  const quoting = FlowActor.useSelector((s) => !s.matches({ coverage: 'choosing' }))
  const rates = FlowActor.useSelector((s) => s.context.quote?.rates ?? [])
  const index = FlowActor.useSelector((s) => s.context.selectedRateIndex)
  if (quoting) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading coverage options" />
      </Box>
    )
  }
  return (
    <RateCarousel
      rates={rates}
      index={index}
      onSelect={(i) => send({ type: 'SELECT_RATE', index: i })}
      onPurchase={() => send({ type: 'PURCHASE' })}
    />
  )
}
