import { useId, useRef, useState, type ReactNode } from 'react'
import type { Rate } from '../../api/types'
import { CtaButton } from '../../components/cta-button'
import { MessageDialog } from '../../components/message-dialog'
import { CheckboxField, LinkButton, TextTooltip } from '../../components/plain-controls'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { coverageDistance, money, withThousands } from '../../lib/format'
import { fill, labels, messages, screens } from '../../lib/product'
import { showsSalesTax } from '../../lib/us-states'
import { confirmRules, type ConfirmValues } from './confirm-schema'
import { SampleContractLink } from './sample-contract-link'
import { textWith } from './text-with'

/*
 * The review page draws without MUI (plain HTML on index.html's .cl-* classes): it is the page a
 * continue link most often opens on a phone, with nothing cached (issue 16). Only its booking dialog
 * loads MUI, when it opens.
 */

export const TERMS_OF_SERVICE_PATH = '/terms-of-service.pdf'

const TEXTS = screens.coverage.review

function SummaryCard(props: { title: string; onEdit: () => void; editTestId: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className="cl-card" aria-labelledby={id}>
      <div className="cl-card-head">
        <h2 id={id} className="cl-h6">
          {props.title}
        </h2>
        <LinkButton onClick={props.onEdit} data-testid={props.editTestId}>
          {TEXTS.editButton}
        </LinkButton>
      </div>
      {props.children}
    </section>
  )
}

/** screens.coverage.review.showVin: the car's VIN in a tooltip on hover, focus or a tap. */
function ShowVin({ vin }: { vin: string }) {
  return (
    <TextTooltip title={vin}>
      {(anchor) => (
        <LinkButton data-testid="show-vin" {...anchor}>
          {TEXTS.showVin}
        </LinkButton>
      )}
    </TextTooltip>
  )
}

/**
 * Who owes the coverage (white label cannot hide it): the provider's name, address and phone, and
 * its licence where the member's state requires it on the contract, as the contract prints them.
 */
export function ReviewObligor({ rate }: { rate: Rate }) {
  const obligor = rate.obligor
  if (!obligor) return null
  return (
    <>
      <p className="cl-body2 cl-secondary" style={{ marginTop: 8 }} data-testid="confirm-obligor">
        {fill(messages.reviewObligor, { name: obligor.name, address: obligor.address, phone: obligor.phone })}
      </p>
      {obligor.licence && (
        <p className="cl-body2 cl-secondary" data-testid="confirm-obligor-licence">
          {obligor.licence}
        </p>
      )}
    </>
  )
}

/** The total to pay; the included sales tax under it when the state has sales tax and the rate carries tax. */
export function ReviewTotal({ rate, stateOfResidence }: { rate: Rate; stateOfResidence: string | null }) {
  // The asterisk points at the footnote: without one it would point at nothing.
  const taxed = showsSalesTax(stateOfResidence, rate.taxAmount)
  return (
    <div style={{ textAlign: 'right' }}>
      <p className="cl-h6" data-testid="confirm-total">
        {fill(TEXTS.total, { amount: `${money(rate.totalRateCost)}${taxed ? '*' : ''}` })}
      </p>
      {taxed && (
        <p className="cl-body2" data-testid="confirm-tax">
          {fill(TEXTS.includedSalesTax, { amount: money(rate.taxAmount) })}
        </p>
      )}
    </div>
  )
}

/**
 * The review's two agreements (confirm-schema.ts's rules): each box's message shows once Continue
 * was pressed, and follows the box from then on; Continue with a box unticked moves the focus to the
 * first one. Two booleans need no form library in the page's code.
 */
function useAgreements(onValid: () => void) {
  const [values, setValues] = useState<ConfirmValues>({ acceptsTerms: false, acceptsRefundTerms: false })
  const [submitted, setSubmitted] = useState(false)
  const inputs = useRef<Partial<Record<keyof ConfirmValues, HTMLInputElement | null>>>({})
  const errorOf = (name: keyof ConfirmValues) => {
    const answer = confirmRules[name](values[name])
    return answer === true ? undefined : answer
  }
  const names = Object.keys(confirmRules) as Array<keyof ConfirmValues>
  return {
    field: (name: keyof ConfirmValues) => ({
      name,
      checked: values[name],
      onChange: (event: { target: { checked: boolean } }) => setValues((v) => ({ ...v, [name]: event.target.checked })),
      error: submitted ? errorOf(name) : undefined,
      ref: (input: HTMLInputElement | null) => {
        inputs.current[name] = input
      },
    }),
    submit: (event: { preventDefault: () => void }) => {
      event.preventDefault()
      setSubmitted(true)
      const invalid = names.find((name) => errorOf(name) !== undefined)
      if (invalid) inputs.current[invalid]?.focus()
      else onValid()
    },
  }
}

/**
 * Consent to electronic delivery (E-SIGN): the disclosure, then its box, not required and unticked
 * until the member ticks it. The disclosure's "sample contract above" is the Coverage card's
 * SampleContractLink, so this comes after it. Unticked, the member is told they can still buy (a
 * paper copy is mailed); Book sends the answer as `electronicDelivery`.
 */
function ElectronicDeliveryConsent(props: { institutionName: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId()
  const disclosureId = `${id}-disclosure`
  const declinedId = `${id}-declined`
  return (
    <div>
      <p id={disclosureId} className="cl-body2 cl-secondary" data-testid="esign-disclosure">
        {fill(messages.esignDisclosure, { institution: props.institutionName })}
      </p>
      <div style={{ marginTop: 8 }}>
        <CheckboxField
          name="electronicDelivery"
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
          data-testid="esign-consent"
          aria-describedby={props.checked ? disclosureId : `${disclosureId} ${declinedId}`}
          label={labels.esignConsent}
        />
      </div>
      {/* Polite: ticking or unticking the box says whether the paper copy comes. */}
      <div aria-live="polite">
        {!props.checked && (
          <p id={declinedId} className="cl-body2" style={{ marginTop: 4 }} data-testid="esign-declined">
            {messages.esignDeclined}
          </p>
        )}
      </div>
    </div>
  )
}

/** The review (titles.confirm): summary, the two agreements and the E-SIGN consent, then booking. */
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
  const institutionName = FlowActor.useSelector((s) => s.context.institution?.name ?? '')
  const [electronicDelivery, setElectronicDelivery] = useState(false)
  const agreements = useAgreements(() => send({ type: 'BOOK', electronicDelivery }))
  if (!rate || !car) return null
  return (
    <form className="cl-stack-16" noValidate onSubmit={agreements.submit}>
      <SummaryCard title={TEXTS.coverageCard} onEdit={() => send({ type: 'EDIT_COVERAGE' })} editTestId="edit-coverage">
        <p className="cl-p" data-testid="confirm-coverage-name">
          {rate.coverageName}
        </p>
        <p className="cl-p">{fill(TEXTS.months, { months: String(rate.coverageMonths) })}</p>
        <p className="cl-p">{coverageDistance(rate.formattedCoverageMiles)}</p>
        <p className="cl-p">{fill(TEXTS.deductible, { amount: money(rate.coverageDeductible) })}</p>
        <ReviewObligor rate={rate} />
        <SampleContractLink rate={rate} />
      </SummaryCard>
      <SummaryCard title={TEXTS.vehicleCard} onEdit={() => send({ type: 'EDIT_CAR' })} editTestId="edit-car">
        <p className="cl-p" data-testid="confirm-vehicle">{`${car.year} ${car.make} ${car.model}`}</p>
        <ShowVin vin={car.vin} />
        <p className="cl-p">{fill(TEXTS.odometer, { odometer: withThousands(car.odometer) })}</p>
      </SummaryCard>
      <ReviewTotal rate={rate} stateOfResidence={stateOfResidence} />
      <CheckboxField
        {...agreements.field('acceptsTerms')}
        data-testid="terms-checkbox"
        label={textWith(
          TEXTS.agreeToTerms,
          'termsLink',
          <a className="cl-link" href={TERMS_OF_SERVICE_PATH} target="_blank" rel="noopener">
            {TEXTS.termsOfService}
          </a>,
        )}
      />
      <CheckboxField
        {...agreements.field('acceptsRefundTerms')}
        data-testid="refund-checkbox"
        // The same words as the contract's refund section (product.json, one text for both).
        label={refundText?.trim() ? refundText : messages.defaultRefundText}
      />
      <ElectronicDeliveryConsent
        institutionName={institutionName}
        checked={electronicDelivery}
        onChange={setElectronicDelivery}
      />
      {busy && (
        <div role="status" data-testid="booking-progress">
          <div className="cl-linear" role="progressbar" aria-label={TEXTS.bookingProgress}>
            <div />
          </div>
          <p className="cl-body2" style={{ marginTop: 8 }}>
            {TEXTS.bookingWait}
          </p>
        </div>
      )}
      <CtaButton type="submit" busy={busy} data-testid="confirm-continue">
        {TEXTS.continueButton}
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
    </form>
  )
}
