import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { Confirmation } from '../../api/types'
import { FlowActor } from '../../flow/flow-actor'
import { coverageDistance, institutionPhone, longDate, moneyWithCents, withThousands } from '../../lib/format'
import { format } from '../../lib/icu'
import { fill, messages, screens } from '../../lib/product'
import { productNameOf } from '../../lib/product-name'

const TEXTS = screens.confirmation
const ROWS = TEXTS.rows

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ textAlign: 'right', fontWeight: 500 }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  )
}

/** Confirmation: what was bought, what was paid, and what to expect next. */
export default function ConfirmationPage() {
  const confirmation = FlowActor.useSelector((s) => s.context.confirmation)
  const settings = FlowActor.useSelector((s) => s.context.institution)
  const policyId = FlowActor.useSelector((s) => s.context.policy?.policyId)
  if (!confirmation) return null
  // The extension is the institution's branding's; the server's formatted phone has none.
  const phone = (settings && institutionPhone(settings.branding)) || confirmation.institution.formattedPhone
  // The policy id (what links and support tools name) rides along unseen; the member reads the reference.
  return (
    <div data-testid="confirmation" data-policy-id={policyId}>
      <ConfirmationDetails confirmation={confirmation} productName={productNameOf(settings)} phone={phone} />
    </div>
  )
}

/**
 * The confirmation's texts and its contract and payment blocks. One date format ('MMMM Do, YYYY':
 * the expiry and the payment date) and one money format (always with cents) throughout.
 */
export function ConfirmationDetails(props: { confirmation: Confirmation; productName: string; phone: string }) {
  const { confirmation, productName, phone } = props
  const { vehicle, payment, institution } = confirmation
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1" data-testid="confirmation-title">
        {messages.wiseDecision}
      </Typography>
      {institution.name && (
        <Typography data-testid="confirmation-institution">
          {phone ? `${institution.name} · ${phone}` : institution.name}
        </Typography>
      )}
      <Typography>{TEXTS.twoEmails}</Typography>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {TEXTS.contractHeading}
          </Typography>
          <Row label={ROWS.product} value={productName} testId="contract-product" />
          <Row label={ROWS.referenceNumber} value={confirmation.policyReferenceNumber} testId="reference-number" />
          <Row label={ROWS.contractNumber} value={confirmation.mmpContractNumber} testId="contract-number" />
          <Row label={ROWS.vehicle} value={vehicle.carDisplay} />
          {/* VIN reads the same in every language. */}
          <Row label="VIN" value={vehicle.vin} testId="contract-vin" />
          <Row label={ROWS.coverage} value={vehicle.coverageName} testId="contract-coverage" />
          <Row
            label={ROWS.mileage}
            value={fill(TEXTS.mileageValue, {
              coverageMiles: coverageDistance(vehicle.formattedCoverageMiles),
              odometer: withThousands(vehicle.odometerWhenCoverageExpires),
            })}
          />
          <Row
            label={ROWS.term}
            value={format(TEXTS.termValue, {
              months: vehicle.coverageMonths,
              date: longDate(vehicle.coverageExpirationDate),
            })}
          />
          <Row label={ROWS.deductible} value={moneyWithCents(vehicle.coverageDeductible)} />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {TEXTS.paymentHeading}
          </Typography>
          <Row label={ROWS.trackingNumber} value={payment.paymentId} testId="tracking-number" />
          <Row label={ROWS.date} value={longDate(payment.paymentDate)} />
          {payment.hasSalesTax && (
            <>
              <Row label={ROWS.subtotal} value={moneyWithCents(payment.subtotal)} />
              <Row label={ROWS.salesTax} value={moneyWithCents(payment.salesTax)} />
            </>
          )}
          <Row label={ROWS.amount} value={moneyWithCents(payment.amount)} testId="payment-amount" />
        </CardContent>
      </Card>
    </Stack>
  )
}
