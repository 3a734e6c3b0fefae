import { useState, type ReactNode } from 'react'

/** The member asked for reduced motion (read once per page shown). */
function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * Slides a page in beside the one it replaces (the nested verify-email pages, spec section 2):
 * from the right when going on ('forward'), from the left when going back, as MUI's Slide did
 * (225 ms, ease-out), in CSS (index.html's .cl-slide). Members who ask for reduced motion get the
 * page at once.
 */
export function SlideIn(props: { direction: 'forward' | 'back' | null; children: ReactNode }) {
  const [reduceMotion] = useState(prefersReducedMotion)
  if (!props.direction || reduceMotion) return props.children
  return (
    <div className="cl-slide">
      <div data-testid="slide-in" className={props.direction === 'forward' ? 'cl-slide-forward' : 'cl-slide-back'}>
        {props.children}
      </div>
    </div>
  )
}
