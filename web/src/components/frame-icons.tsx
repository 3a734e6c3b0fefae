import { ICON_PATHS } from './icon-paths'

/**
 * A Material icon as a plain SVG (1em, the text's colour: .cl-icon in index.html), for the page
 * frame and the splash, which load no MUI. Decorative: the button or message around it names it.
 */
export function FrameIcon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <svg className="cl-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {ICON_PATHS[name]}
    </svg>
  )
}
