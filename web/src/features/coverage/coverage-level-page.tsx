import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import { lazy, Suspense } from 'react'
import type { Rate } from '../../api/types'
import { FlowActor, useFlowSend } from '../../flow/flow-actor'
import { loadChunk } from '../../lib/chunk-load'
import { fill, labels, messages, screens } from '../../lib/product'
import { ExpertGuidanceDialog, ImpactModal } from './coverage-dialogs'
import { Disclaimer } from './disclaimer'
import { RateCarousel } from './rate-carousel'
import type { RateCardActions } from './rate-card'

/** The real-VIN prompt (with the VIN form and its rules): only for a car found by description. */
const RealVinDialog = lazy(() => loadChunk(() => import('./real-vin-dialog')).then((m) => ({ default: m.RealVinDialog })))

/**
 * The coverage choice as it is drawn: the estimate note for a car found by description (`estimateFor`
 * names it), the carousel of flip cards, the disclaimer (the institution's, else the product's). The
 * member's coverage page and the staff's branding preview (coverage-preview-page.tsx) both draw it.
 */
export function CoverageChoice(props: {
  rates: Rate[]
  index: number
  onSelect: (index: number) => void
  onFlip?: () => void
  stateOfResidence: string | null
  /** 'Year Make Model' of a car found by description: its prices are estimates. */
  estimateFor: string | null
  disclaimer: string | null | undefined
  actions: RateCardActions
}) {
  return (
    <>
      {props.estimateFor !== null && (
        <Alert severity="info" variant="outlined" sx={{ mb: 3 }} data-testid="estimate-note">
          {fill(messages.estimateNote, { vehicle: props.estimateFor })}
        </Alert>
      )}
      <RateCarousel
        rates={props.rates}
        index={props.index}
        stateOfResidence={props.stateOfResidence}
        onSelect={props.onSelect}
        onFlip={props.onFlip}
        actions={props.actions}
      />
      <Disclaimer text={props.disclaimer} />
    </>
  )
}

/**
 * Coverage selection: quotes the car, then a carousel of up to three flip cards. For a car found
 * by description the button reads labels.enterVin and opens the real-VIN prompt instead of purchasing.
 */
export default function CoverageLevelPage() {
  const send = useFlowSend()
  const quoting = FlowActor.useSelector((s) => s.matches({ coverage: 'checking' }) || s.matches({ coverage: 'quoting' }))
  const rates = FlowActor.useSelector((s) => s.context.quote?.rates ?? [])
  const index = FlowActor.useSelector((s) => s.context.selectedRateIndex)
  const isMockVin = FlowActor.useSelector((s) => s.context.isMockVin)
  const vehicle = FlowActor.useSelector((s) => s.context.vehicle)
  const stateOfResidence = FlowActor.useSelector((s) => s.context.stateOfResidence)
  const allowPaymentOptions = FlowActor.useSelector(
    (s) => s.context.institution?.applicationSettings.allowPaymentOptions === true,
  )
  const disclaimer = FlowActor.useSelector((s) => s.context.institution?.applicationSettings.institutionDisclaimer)
  if (quoting) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={screens.coverage.loadingOptions} />
      </Box>
    )
  }
  return (
    <>
      <CoverageChoice
        rates={rates}
        index={index}
        stateOfResidence={stateOfResidence}
        estimateFor={isMockVin ? [vehicle?.year, vehicle?.make, vehicle?.model].filter(Boolean).join(' ') : null}
        disclaimer={disclaimer}
        onSelect={(i) => send({ type: 'SELECT_RATE', index: i })}
        onFlip={() => send({ type: 'FLIP_CARD' })}
        actions={{
          purchaseLabel: isMockVin ? labels.enterVin : labels.purchase,
          onPurchase: () => send({ type: 'PURCHASE' }),
          onRequestExpertGuidance: () => send({ type: 'REQUEST_EXPERT_GUIDANCE' }),
          onRequestPaymentOption: allowPaymentOptions ? () => send({ type: 'REQUEST_PAYMENT_OPTION' }) : undefined,
        }}
      />
      <ImpactModal />
      <ExpertGuidanceDialog />
      {isMockVin && (
        <Suspense fallback={null}>
          <RealVinDialog />
        </Suspense>
      )}
    </>
  )
}
