import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { Rate } from '../../api/types'
import { CtaButton } from '../../components/cta-button'
import { CheckIcon, ExpandMoreIcon, FlipIcon } from '../../components/icons'
import { coverageTerm, money, phoneToCall } from '../../lib/format'
import { labels, screens } from '../../lib/product'
import { textWith } from './text-with'

/** Spec section 9: 33rem tall above 960 px wide, else 40rem. */
export const CARD_HEIGHT_SX = { height: '40rem', '@media (min-width: 961px)': { height: '33rem' } } as const

/** Text in the brand's primary colour, the secondary (lighter) brand colour in dark mode so it stays readable on the dark surface. */
export const BRAND_TEXT = {
  color: 'primary.main',
  '.dark &': { color: 'secondary.main' },
} as const

/** What a card can do besides showing its rate. */
export interface RateCardActions {
  /** labels.purchase, or labels.enterVin while the prices are estimates for a described car. */
  purchaseLabel: string
  onPurchase: () => void
  onRequestExpertGuidance: () => void
  /** Absent when the institution does not offer payment options: the link is hidden. */
  onRequestPaymentOption?: () => void
  /** The staff's branding preview: the buttons are drawn as members see them and do nothing (aria-disabled). */
  disabled?: boolean
}

/** The contract's lines, in the order a member needs them; a line the rate has no number for is left out. */
const CONTACT_LINES = ['general', 'mechanicalBreakdown', 'keyReplacement', 'emergencyRoadside'] as const

/** Who to call about this option: the institution's numbers where it has them, else the provider's. */
export function contactLinesOf(rate: Rate): { label: string; phone: string }[] {
  const numbers = rate.contactNumbers
  if (!numbers) return []
  return CONTACT_LINES.map((key) => ({ label: screens.coverage.contacts[key], phone: phoneToCall(numbers[key]) })).filter(
    (line) => line.phone,
  )
}

/** The icon list on the front: the first covered areas, then the benefits, at most five. */
export function highlightsOf(rate: Rate): string[] {
  const description = rate.description
  const components = (description?.components ?? []).map((c) => c.title)
  const benefits = (description?.benefits ?? []).map((b) => b.title)
  return [...components.slice(0, 3), ...benefits].slice(0, 5)
}

function CardFooter({ actions, face }: { actions: RateCardActions; face: 'front' | 'back' }) {
  const disabled = actions.disabled === true
  // A disabled action keeps its look (the branding preview shows it) and answers no click.
  const act = (action: (() => void) | undefined) => (disabled ? undefined : action)
  const ariaDisabled = disabled || undefined
  return (
    <Stack spacing={1.25} sx={{ px: 2, pb: 2, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" sx={{ justifyContent: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={act(actions.onRequestExpertGuidance)}
          aria-disabled={ariaDisabled}
          sx={BRAND_TEXT}
        >
          {labels.requestExpertGuidance}
        </Link>
        {actions.onRequestPaymentOption && (
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={act(actions.onRequestPaymentOption)}
            aria-disabled={ariaDisabled}
            sx={BRAND_TEXT}
          >
            {labels.requestPaymentOption}
          </Link>
        )}
      </Stack>
      <CtaButton
        onClick={act(actions.onPurchase)}
        aria-disabled={ariaDisabled}
        data-testid={face === 'front' ? 'purchase-button' : 'purchase-button-back'}
      >
        {actions.purchaseLabel}
      </CtaButton>
    </Stack>
  )
}

/** One side of the card: stacked on the other, hidden from everyone while it faces away. */
function Face({ side, showing, children }: { side: 'front' | 'back'; showing: boolean; children: ReactNode }) {
  return (
    <Card
      variant="outlined"
      data-testid={`rate-card-${side}`}
      aria-hidden={!showing}
      inert={!showing}
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        backfaceVisibility: 'hidden',
        WebkitBackfaceVisibility: 'hidden',
        transform: side === 'back' ? 'rotateY(180deg)' : 'none',
        borderRadius: 3,
        boxShadow: showing ? 3 : 0,
      }}
    >
      {children}
    </Card>
  )
}

function Front({
  rate,
  taxed,
  onFlip,
  flipRef,
}: {
  rate: Rate
  taxed: boolean
  onFlip: () => void
  flipRef?: React.Ref<HTMLButtonElement>
}) {
  const highlights = highlightsOf(rate)
  return (
    <Stack sx={{ flex: 1, minHeight: 0, px: 2, pt: 2.5, pb: 1, textAlign: 'center', overflowY: 'auto' }} spacing={1.5}>
      <Typography
        variant="overline"
        component="h2"
        data-testid="rate-coverage-name"
        sx={{ ...BRAND_TEXT, fontWeight: 700, fontSize: '0.9rem', letterSpacing: '0.12em', lineHeight: 1.6 }}
      >
        {rate.coverageName}
      </Typography>
      <Typography variant="subtitle1" data-testid="rate-term" sx={{ fontWeight: 500 }}>
        {coverageTerm(rate.coverageMonths, rate.formattedCoverageMiles)}
      </Typography>
      <Box>
        <Typography
          variant="h3"
          component="p"
          data-testid="rate-price"
          sx={{ fontWeight: 700, fontSize: { xs: '2.25rem', sm: '2.5rem' }, lineHeight: 1.15 }}
        >
          {money(rate.totalRateCost)}
          {taxed && '*'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {labels.oneTimePayment}
        </Typography>
      </Box>
      {highlights.length > 0 && (
        <List dense disablePadding data-testid="rate-highlights" sx={{ alignSelf: 'center', textAlign: 'left' }}>
          {highlights.map((title) => (
            <ListItem key={title} disableGutters sx={{ py: 0.25 }}>
              <ListItemIcon sx={{ minWidth: 30 }}>
                <CheckIcon fontSize="small" color="success" />
              </ListItemIcon>
              <ListItemText primary={title} />
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ flex: 1 }} />
      <Button
        ref={flipRef}
        onClick={onFlip}
        startIcon={<FlipIcon />}
        data-testid="flip-to-back"
        sx={{ alignSelf: 'center', ...BRAND_TEXT }}
      >
        {labels.seeWhatsCovered}
      </Button>
    </Stack>
  )
}

function Section({
  title,
  defaultExpanded,
  children,
  testId,
}: {
  title: string
  defaultExpanded?: boolean
  children: ReactNode
  testId: string
}) {
  return (
    <Accordion
      disableGutters
      defaultExpanded={defaultExpanded}
      elevation={0}
      data-testid={testId}
      sx={{ bgcolor: 'transparent', '&::before': { opacity: 1 } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>{children}</AccordionDetails>
    </Accordion>
  )
}

function Back({ rate, onFlip, flipRef }: { rate: Rate; onFlip: () => void; flipRef?: React.Ref<HTMLButtonElement> }) {
  const description = rate.description
  const components = description?.components ?? []
  const benefits = description?.benefits ?? []
  const contactLines = contactLinesOf(rate)
  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <Stack spacing={0.5} sx={{ px: 2, pt: 2, pb: 1.5, textAlign: 'center', borderBottom: 1, borderColor: 'divider' }}>
        <Typography
          variant="overline"
          component="h2"
          sx={{ ...BRAND_TEXT, fontWeight: 700, fontSize: '0.9rem', letterSpacing: '0.12em', lineHeight: 1.6 }}
        >
          {rate.coverageName}
        </Typography>
        <Typography data-testid="rate-deductible">
          {textWith(
            screens.coverage.deductiblePerVisit,
            'amount',
            <Box component="span" sx={{ fontWeight: 600 }}>
              {money(rate.coverageDeductible)}
            </Box>,
          )}
        </Typography>
      </Stack>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: 0.5 }} data-testid="rate-card-sections">
        {description?.intro && (
          <Section title={screens.coverage.overview} defaultExpanded testId="section-intro">
            <Typography variant="body2" color="text.secondary">
              {description.intro}
            </Typography>
          </Section>
        )}
        <Section title={labels.whatsCovered} testId="section-body">
          {components.length > 0 ? (
            <Stack spacing={1.5}>
              {components.map((component) => (
                <Box key={component.cssId} id={component.cssId}>
                  <Typography variant="subtitle2" component="h3">
                    {component.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {component.text}
                  </Typography>
                </Box>
              ))}
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {screens.coverage.noComponents}
            </Typography>
          )}
        </Section>
        {benefits.length > 0 && (
          <Section title={labels.extraBenefits} testId="section-bullets">
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {benefits.map((benefit) => (
                <Typography component="li" variant="body2" key={benefit.title} sx={{ mb: 0.75 }}>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {benefit.title}:
                  </Box>{' '}
                  {benefit.text}
                </Typography>
              ))}
            </Box>
          </Section>
        )}
        {contactLines.length > 0 && (
          <Section title={screens.coverage.contacts.title} testId="section-contact-numbers">
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.5 }}>
              {contactLines.map((line) => (
                <Box key={line.label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {line.label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {line.phone}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Section>
        )}
      </Box>
      <Button
        ref={flipRef}
        onClick={onFlip}
        startIcon={<FlipIcon />}
        data-testid="flip-to-front"
        sx={{ alignSelf: 'center', my: 0.5, ...BRAND_TEXT }}
      >
        {labels.backToPrice}
      </Button>
    </Stack>
  )
}

/**
 * A coverage card that flips: the front shows the term, price and highlights; the back the
 * deductible and the plan's texts (intro, covered components with their ids, benefits), drawn once
 * the card first turns. The
 * carousel shows one card at a time, so the component ids are unique on the page.
 */
export function RateCard(props: { rate: Rate; taxed: boolean; flipped: boolean; onFlip: () => void; actions: RateCardActions }) {
  const frontFlip = useRef<HTMLButtonElement>(null)
  const backFlip = useRef<HTMLButtonElement>(null)
  const wasFlipped = useRef(props.flipped)
  useEffect(() => {
    // Keep keyboard focus on the face that just turned up.
    if (wasFlipped.current !== props.flipped) {
      ;(props.flipped ? backFlip : frontFlip).current?.focus()
    }
    wasFlipped.current = props.flipped
  }, [props.flipped])
  const showBack = props.flipped
  // The back's texts are drawn the first time the card turns (then kept, for the turn back): the
  // page's first render is the front alone, a third of the work on a phone.
  const [backDrawn, setBackDrawn] = useState(showBack)
  if (showBack && !backDrawn) setBackDrawn(true)
  return (
    <Box sx={{ ...CARD_HEIGHT_SX, perspective: '1600px' }}>
      <Box
        sx={{
          position: 'relative',
          height: '100%',
          transformStyle: 'preserve-3d',
          transition: 'transform 0.6s cubic-bezier(0.4, 0, 0.2, 1)',
          transform: showBack ? 'rotateY(180deg)' : 'none',
          '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
        }}
      >
        <Face side="front" showing={!showBack}>
          <Front rate={props.rate} taxed={props.taxed} onFlip={props.onFlip} flipRef={frontFlip} />
          <CardFooter actions={props.actions} face="front" />
        </Face>
        <Face side="back" showing={showBack}>
          {backDrawn && (
            <>
              <Back rate={props.rate} onFlip={props.onFlip} flipRef={backFlip} />
              <CardFooter actions={props.actions} face="back" />
            </>
          )}
        </Face>
      </Box>
    </Box>
  )
}
