/** Out of sight but read by screen readers (and, for an input, out of the layout). Sizes are
 * strings: in MUI's `sx` a bare `1` would mean 100%. */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const
