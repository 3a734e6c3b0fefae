/** Placeholder while a screen's code or the institution loads: the static shell's (index.html's .cl-placeholder). */
export function PageSkeleton() {
  return (
    <div data-testid="page-skeleton" aria-busy="true" className="cl-skeleton cl-placeholder">
      <div />
      <div />
      <div />
    </div>
  )
}
