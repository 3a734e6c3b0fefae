import Box from '@mui/material/Box'
import Slide from '@mui/material/Slide'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { ReactNode } from 'react'

/**
 * Slides a page in beside the one it replaces (the nested verify-email pages, spec section 2):
 * from the right when going on ('forward'), from the left when going back. Members who ask for
 * reduced motion get the page at once.
 */
export function SlideIn(props: { direction: 'forward' | 'back' | null; children: ReactNode }) {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true })
  if (!props.direction || reduceMotion) return props.children
  return (
    <Box sx={{ overflow: 'hidden' }}>
      <Slide in appear direction={props.direction === 'forward' ? 'left' : 'right'}>
        <Box data-testid="slide-in">{props.children}</Box>
      </Slide>
    </Box>
  )
}
