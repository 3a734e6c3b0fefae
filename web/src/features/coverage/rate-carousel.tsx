import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { keyframes } from '@mui/material/styles'
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import type { Rate } from '../../api/types'
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons'
import { VISUALLY_HIDDEN } from '../../components/visually-hidden'
import { coverageDistance, coverageTerm, money } from '../../lib/format'
import { fill, screens } from '../../lib/product'
import { showsSalesTax } from '../../lib/us-states'
import { BRAND_TEXT, RateCard, type RateCardActions } from './rate-card'

/** A horizontal swipe longer than this (px) moves the carousel. */
const SWIPE_PX = 48

const slideFrom = (offset: string) =>
  keyframes({ from: { opacity: 0, transform: `translateX(${offset})` }, to: { opacity: 1, transform: 'none' } })
const FROM_RIGHT = slideFrom('24px')
const FROM_LEFT = slideFrom('-24px')

const TEXTS = screens.coverage

/**
 * The carousel's name, still in English only: as a catalogue text the texts check would find it in
 * the institution's email label "Coverage options shown" (domain/src/collected.rs). Issue 31.
 */

/** screens.coverage.taxNote under the card when the state has sales tax and the rate carries tax. */
export function taxNote(rate: Rate, state: string | null): string | null {
  return showsSalesTax(state, rate.taxAmount) ? fill(TEXTS.taxNote, { amount: money(rate.taxAmount) }) : null
}

/** An option's miles and price, as the arrows and the dots name it. */
function optionValues(rate: Rate): { coverageMiles: string; totalPrice: string } {
  return { coverageMiles: coverageDistance(rate.formattedCoverageMiles), totalPrice: money(rate.totalRateCost) }
}

/** The neighbouring option's miles and price, as an arrow; an empty slot past either end. */
function Neighbour({
  rate,
  direction,
  onClick,
}: {
  rate: Rate | undefined
  direction: 'previous' | 'next'
  onClick: () => void
}) {
  const slot = { width: { xs: '50%', sm: 96 }, flexShrink: 0 }
  if (!rate) return <Box sx={slot} />
  const previous = direction === 'previous'
  return (
    <ButtonBase
      onClick={onClick}
      aria-label={fill(previous ? TEXTS.previousOption : TEXTS.nextOption, optionValues(rate))}
      data-testid={`rate-${direction}`}
      focusRipple
      sx={{
        ...slot,
        borderRadius: 2,
        py: 1,
        px: 0.5,
        gap: 0.25,
        flexDirection: { xs: 'row', sm: 'column' },
        justifyContent: { xs: previous ? 'flex-start' : 'flex-end', sm: 'center' },
        ...BRAND_TEXT,
        '&:hover': { bgcolor: 'action.hover' },
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {previous && <ChevronLeftIcon fontSize="large" sx={{ order: { xs: 0, sm: 0 } }} />}
      <Stack sx={{ textAlign: { xs: previous ? 'left' : 'right', sm: 'center' }, order: { xs: 1, sm: 1 } }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {coverageDistance(rate.formattedCoverageMiles)}
        </Typography>
        <Typography variant="body2" component="span" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {money(rate.totalRateCost)}
        </Typography>
      </Stack>
      {!previous && <ChevronRightIcon fontSize="large" sx={{ order: { xs: 2, sm: 0 } }} />}
    </ButtonBase>
  )
}

/**
 * The coverage carousel: one flip card at a time, arrows showing the neighbouring options' miles
 * and price, dots, arrow keys and swipes to move, Enter/Space on the card to flip it. Screen
 * readers hear the option and the side on screen.
 */
export function RateCarousel(props: {
  rates: Rate[]
  index: number
  onSelect: (index: number) => void
  /** Every flip (the flow sends its analytics event once). */
  onFlip?: () => void
  /** The member's state of residence: no tax line in a state without sales tax. */
  stateOfResidence: string | null
  actions: RateCardActions
}) {
  const { rates, index, onSelect } = props
  const [flipped, setFlipped] = useState(false)
  const [direction, setDirection] = useState<'next' | 'previous' | null>(null)
  const swipe = useRef<{ x: number; y: number; swiped: boolean } | null>(null)
  const rate = rates[index]
  if (!rate) return null
  const note = taxNote(rate, props.stateOfResidence)
  const term = coverageTerm(rate.coverageMonths, rate.formattedCoverageMiles)
  const position = { position: String(index + 1), count: String(rates.length) }

  const go = (to: number) => {
    if (to < 0 || to >= rates.length || to === index) return
    setDirection(to > index ? 'next' : 'previous')
    setFlipped(false)
    onSelect(to)
  }
  const flip = () => {
    setFlipped((f) => !f)
    props.onFlip?.()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') go(index - 1)
    else if (event.key === 'ArrowRight') go(index + 1)
    else return
    event.preventDefault()
  }
  const onSlideKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return
    event.preventDefault()
    flip()
  }
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    swipe.current = { x: event.clientX, y: event.clientY, swiped: false }
  }
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const start = swipe.current
    if (!start) return
    const dx = event.clientX - start.x
    const dy = event.clientY - start.y
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
      start.swiped = true
      go(dx < 0 ? index + 1 : index - 1)
    } else {
      swipe.current = null
    }
  }

  return (
    <Stack
      spacing={2}
      component="section"
      aria-roledescription={TEXTS.carouselRole}
      aria-label={screens.coverage.carouselLabel}
      onKeyDown={onKeyDown}
      data-testid="rate-carousel"
      sx={{ overflowX: 'clip' }}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: '96px minmax(0, 1fr) 96px' },
          gridTemplateAreas: { xs: '"card card" "previous next"', sm: '"previous card next"' },
          alignItems: 'center',
          columnGap: { xs: 1, sm: 1.5 },
          rowGap: 1,
        }}
      >
        <Box sx={{ gridArea: 'previous', display: 'flex' }}>
          <Neighbour rate={rates[index - 1]} direction="previous" onClick={() => go(index - 1)} />
        </Box>
        <Box
          role="group"
          aria-roledescription={TEXTS.slideRole}
          aria-label={fill(TEXTS.slideLabel, { ...position, name: rate.coverageName })}
          tabIndex={0}
          data-testid="rate-card"
          onKeyDown={onSlideKeyDown}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipe.current = null)}
          onClickCapture={(event) => {
            // A swipe that ends on a button is not a click.
            if (swipe.current?.swiped) event.stopPropagation()
            swipe.current = null
          }}
          sx={{
            gridArea: 'card',
            touchAction: 'pan-y',
            borderRadius: 3,
            outline: 'none',
            '&:focus-visible': { boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.main}` },
          }}
        >
          {/* Keyed by rate: the new card slides in from the side it came from; the focusable slide stays. */}
          <Box
            key={rate.rateId}
            sx={{
              animation: direction ? `${direction === 'next' ? FROM_RIGHT : FROM_LEFT} 0.3s ease-out` : 'none',
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }}
          >
            <RateCard rate={rate} taxed={note !== null} flipped={flipped} onFlip={flip} actions={props.actions} />
          </Box>
        </Box>
        <Box sx={{ gridArea: 'next', display: 'flex', justifyContent: 'flex-end' }}>
          <Neighbour rate={rates[index + 1]} direction="next" onClick={() => go(index + 1)} />
        </Box>
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center' }}>
        {rates.map((r, i) => (
          <ButtonBase
            key={r.rateId}
            onClick={() => go(i)}
            aria-label={fill(TEXTS.showOption, { position: String(i + 1), ...optionValues(r) })}
            aria-current={i === index ? 'true' : undefined}
            sx={{
              width: i === index ? 24 : 10,
              height: 10,
              borderRadius: 5,
              bgcolor: i === index ? 'primary.main' : 'action.disabled',
              transition: 'width 0.2s',
            }}
          />
        ))}
      </Stack>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ textAlign: 'center' }}
        aria-live="polite"
        data-testid="rate-position"
      >
        {fill(TEXTS.position, position)}
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {fill(TEXTS.positionDetails, { name: rate.coverageName, term, totalPrice: money(rate.totalRateCost) })}
        </Box>
      </Typography>
      <Box sx={VISUALLY_HIDDEN} aria-live="polite" data-testid="flip-status">
        {flipped ? fill(TEXTS.flipStatus, { name: rate.coverageName }) : ''}
      </Box>
      {note && (
        <Typography variant="body2" sx={{ textAlign: 'center' }} data-testid="tax-note">
          {note}
        </Typography>
      )}
    </Stack>
  )
}
