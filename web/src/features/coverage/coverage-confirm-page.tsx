import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import LinearProgress from '@mui/material/LinearProgress'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useEffect, useState, type ReactNode } from 'react'
import { Controller, useForm } from 'react-hook-form'
import type { Rate } from '../../api/types'
import { CtaButton } from '../../components/cta-button'
import { MessageDialog } from '../../components/message-dialog'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { money, withThousands } from '../../lib/format'
import { labels, messages } from '../../lib/product'
import { showsSalesTax } from '../../lib/us-states'
import { confirmRules, type ConfirmValues } from './confirm-schema'
import { SampleContractLink } from './sample-contract-link'

export const TERMS_OF_SERVICE_PATH = '/terms-of-service.pdf'

function SummaryCard(props: { title: string; onEdit: () => void; editTestId: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography variant="h6" component="h2">
            {props.title}
          </Typography>
          <Link component="button" type="button" onClick={props.onEdit} data-testid={props.editTestId}>
            Edit
          </Link>
        </Stack>
        {props.children}
      </CardContent>
    </Card>
  )
}

type TooltipComponent = typeof import('@mui/material/Tooltip').default

/**
 * 'Show VIN': the car's VIN in a tooltip on hover or focus. MUI's tooltip (with its positioning
 * engine) is fetched once the page has drawn, and the link stands alone until it is there: nobody
 * points at it sooner, and the page's first paint does not wait for it.
 */
function ShowVin({ vin }: { vin: string }) {
  const [Tooltip, setTooltip] = useState<TooltipComponent | null>(null)
  useEffect(() => {
    let live = true
    import('@mui/material/Tooltip').then(
      (module) => live && setTooltip(() => module.default),
      () => undefined, // no tooltip without its code; the link stays
    )
    return () => {
      live = false
    }
  }, [])
  const link = (
    <Link component="button" type="button" data-testid="show-vin">
      Show VIN
    </Link>
  )
  return Tooltip ? (
    <Tooltip title={vin} describeChild>
      {link}
    </Tooltip>
  ) : (
    link
  )
}

/** The total to pay; 'Included sales tax: $amount' under it when the state has sales tax and the rate carries tax. */
export function ReviewTotal({ rate, stateOfResidence }: { rate: Rate; stateOfResidence: string | null }) {
  // The asterisk points at the footnote: without one it would point at nothing.
  const taxed = showsSalesTax(stateOfResidence, rate.taxAmount)
  return (
    <Box sx={{ textAlign: 'right' }}>
      <Typography variant="h6" component="p" data-testid="confirm-total">
        {`Total: ${money(rate.totalRateCost)}${taxed ? '*' : ''}`}
      </Typography>
      {taxed && (
        <Typography variant="body2" data-testid="confirm-tax">
          {`Included sales tax: ${money(rate.taxAmount)}`}
        </Typography>
      )}
    </Box>
  )
}

/** The review (titles.confirm): summary, the two agreements, then booking. */
export default function CoverageConfirmPage() {
  const send = useFlowSend()
  const busy = FlowActor.useSelector(selectBusy)
  const rate = FlowActor.useSelector((s) => s.context.selectedRate)
  const car = FlowActor.useSelector((s) => s.context.car)
  const stateOfResidence = FlowActor.useSelector((s) => s.context.stateOfResidence)
  const refundText = FlowActor.useSelector((s) => s.context.institution?.applicationSettings.institutionRefundText)
  const bookingFailed = FlowActor.useSelector((s) => s.matches({ confirm: 'bookingFailed' }))
  const voided = FlowActor.useSelector((s) => s.matches({ confirm: 'voided' }))
  const bookingError = FlowActor.useSelector((s) => s.context.bookingError)
  const { control, handleSubmit } = useForm<ConfirmValues>({
    defaultValues: { acceptsTerms: false, acceptsRefundTerms: false },
  })
  if (!rate || !car) return null
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void handleSubmit(() => send({ type: 'BOOK' }))(event)}>
      <SummaryCard title="Coverage" onEdit={() => send({ type: 'EDIT_COVERAGE' })} editTestId="edit-coverage">
        <Typography data-testid="confirm-coverage-name">{rate.coverageName}</Typography>
        <Typography>{`${rate.coverageMonths} Months`}</Typography>
        <Typography>{rate.formattedCoverageMiles}</Typography>
        <Typography>{`${money(rate.coverageDeductible)} deductible`}</Typography>
        <SampleContractLink rate={rate} />
      </SummaryCard>
      <SummaryCard title="Vehicle" onEdit={() => send({ type: 'EDIT_CAR' })} editTestId="edit-car">
        <Typography data-testid="confirm-vehicle">{`${car.year} ${car.make} ${car.model}`}</Typography>
        <ShowVin vin={car.vin} />
        <Typography>{`Odometer: ${withThousands(car.odometer)}`}</Typography>
      </SummaryCard>
      <ReviewTotal rate={rate} stateOfResidence={stateOfResidence} />
      <Controller
        name="acceptsTerms"
        control={control}
        rules={{ validate: confirmRules.acceptsTerms }}
        render={({ field, fieldState }) => (
          <FormControl error={!!fieldState.error}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { ref: field.ref, 'data-testid': 'terms-checkbox' } as object }}
                />
              }
              label={
                <>
                  {'I have read and agree to the '}
                  <Link href={TERMS_OF_SERVICE_PATH} target="_blank" rel="noopener">
                    terms of service
                  </Link>
                </>
              }
            />
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      <Controller
        name="acceptsRefundTerms"
        control={control}
        rules={{ validate: confirmRules.acceptsRefundTerms }}
        render={({ field, fieldState }) => (
          <FormControl error={!!fieldState.error}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { ref: field.ref, 'data-testid': 'refund-checkbox' } as object }}
                />
              }
              // The same words as the contract's refund section (product.json, one text for both).
              label={refundText?.trim() ? refundText : messages.defaultRefundText}
            />
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      {busy && (
        <Box role="status" data-testid="booking-progress">
          <LinearProgress aria-label="Booking" />
          <Typography variant="body2" sx={{ mt: 1 }}>
            Booking your coverage. This can take up to two minutes.
          </Typography>
        </Box>
      )}
      <CtaButton type="submit" busy={busy} data-testid="confirm-continue">
        Continue
      </CtaButton>
      <MessageDialog
        open={bookingFailed || voided}
        message={bookingError ?? messages.bookingFailed}
        testId="booking-failed-dialog"
        actions={
          voided
            ? [{ label: labels.startAgain, onClick: () => send({ type: 'START_OVER' }), testId: 'start-over', primary: true }]
            : [
                { label: labels.noThankYou, onClick: () => send({ type: 'DECLINE_RETRY' }), testId: 'decline-retry' },
                {
                  label: labels.retryBooking,
                  onClick: () => send({ type: 'RETRY_BOOKING' }),
                  testId: 'retry-booking',
                  primary: true,
                },
              ]
        }
      />
    </Stack>
  )
}
