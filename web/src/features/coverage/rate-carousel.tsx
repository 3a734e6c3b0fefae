import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { Rate } from '../../api/types'
import { CtaButton } from '../../components/cta-button'
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons'
import { coverageTerm } from '../../lib/format'

/** The arrows' width: narrower on phones so the card keeps room for the price. */
const NEIGHBOUR_WIDTH = { xs: 64, sm: 96 }

/** '*Total cost includes sales tax of $X' under the card when the rate carries tax. */
export function taxNote(rate: Rate): string | null {
  return rate.taxAmount > 0 ? `*Total cost includes sales tax of ${rate.dollarSignTaxAmount}` : null
}

function RateCard({ rate, onPurchase, purchaseLabel }: { rate: Rate; onPurchase: () => void; purchaseLabel: string }) {
  const tax = rate.taxAmount > 0
  return (
    <Card variant="outlined" data-testid="rate-card" sx={{ flex: 1, minHeight: { xs: '20rem', md: '22rem' } }}>
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Stack spacing={1.5} sx={{ textAlign: 'center' }}>
          <Typography variant="h6" component="h2" data-testid="rate-coverage-name">
            {rate.coverageName}
          </Typography>
          <Typography variant="subtitle1" data-testid="rate-term">
            {coverageTerm(rate.coverageMonths, rate.formattedCoverageMiles)}
          </Typography>
          <Box>
            <Typography variant="h4" component="p" data-testid="rate-price" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
              {rate.dollarSignTotalRateCost}
              {tax && '*'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              One-time payment
            </Typography>
          </Box>
          <Typography variant="body1" data-testid="rate-deductible">
            {rate.dollarSignDeductible} deductible
          </Typography>
        </Stack>
      </CardContent>
      <CardActions sx={{ px: { xs: 1.5, sm: 2 }, pb: 2 }}>
        <CtaButton onClick={onPurchase} data-testid="purchase-button">
          {purchaseLabel}
        </CtaButton>
      </CardActions>
    </Card>
  )
}

function Neighbour({ rate, direction, onClick }: { rate: Rate | undefined; direction: 'previous' | 'next'; onClick: () => void }) {
  if (!rate) return <Box sx={{ width: NEIGHBOUR_WIDTH, flexShrink: 0 }} />
  const label = `${rate.formattedCoverageMiles} ${rate.dollarSignTotalRateCost}`
  return (
    <Button
      onClick={onClick}
      aria-label={`${direction === 'previous' ? 'Previous' : 'Next'} option: ${label}`}
      data-testid={`rate-${direction}`}
      sx={{ width: NEIGHBOUR_WIDTH, minWidth: 0, flexShrink: 0, px: 0.5, flexDirection: 'column', textAlign: 'center' }}
    >
      {direction === 'previous' ? <ChevronLeftIcon /> : <ChevronRightIcon />}
      <Typography variant="caption" component="span">
        {rate.formattedCoverageMiles}
      </Typography>
      <Typography variant="caption" component="span">
        {rate.dollarSignTotalRateCost}
      </Typography>
    </Button>
  )
}

/** One card per rate; arrows show the neighbouring option's miles and price. */
export function RateCarousel(props: {
  rates: Rate[]
  index: number
  onSelect: (index: number) => void
  onPurchase: () => void
  /** 'Purchase', or 'Enter Vin' while the prices are estimates for a described car. */
  purchaseLabel?: string
}) {
  const rate = props.rates[props.index]
  if (!rate) return null
  const note = taxNote(rate)
  return (
    <Stack spacing={2} role="region" aria-roledescription="carousel" aria-label="Coverage options">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Neighbour rate={props.rates[props.index - 1]} direction="previous" onClick={() => props.onSelect(props.index - 1)} />
        <RateCard rate={rate} onPurchase={props.onPurchase} purchaseLabel={props.purchaseLabel ?? 'Purchase'} />
        <Neighbour rate={props.rates[props.index + 1]} direction="next" onClick={() => props.onSelect(props.index + 1)} />
      </Stack>
      <Typography variant="caption" sx={{ textAlign: 'center' }} aria-live="polite">
        {`Option ${props.index + 1} of ${props.rates.length}`}
      </Typography>
      {note && (
        <Typography variant="body2" sx={{ textAlign: 'center' }} data-testid="tax-note">
          {note}
        </Typography>
      )}
    </Stack>
  )
}
