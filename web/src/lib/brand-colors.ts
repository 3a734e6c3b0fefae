import type { BrandingColors } from '../api/types'

/**
 * The institution's colours as each scheme draws them, without MUI: the page frame (header, progress
 * bar, main button) is plain CSS on `--cl-*` variables (components/brand-frame.tsx sets them), and
 * the MUI theme of the screens that use MUI takes its palette from here too (lib/brand-theme.ts), so
 * both agree to the digit. The arithmetic is MUI's (colorManipulator: lighten, darken, luminance).
 */

export const FALLBACK_COLORS: BrandingColors = { cta: 'F47B20', primary: '0B3D91', secondary: '6CACE4' }

/** The page's background in each scheme (MUI's defaults), and WCAG AA's ratio for text. */
export const SURFACE = { light: '#ffffff', dark: '#121212' } as const
export const TEXT_CONTRAST = 4.5
/** MUI's dark contrast text (text.primary of the light scheme). */
const DARK_TEXT = 'rgba(0, 0, 0, 0.87)'

export type Scheme = keyof typeof SURFACE

/** '0B3D91' -> '#0B3D91'; anything that is not 3 or 6 hex digits gives null. */
export function hexColor(value: string | null | undefined): string | null {
  const hex = (value ?? '').trim().replace(/^#/, '')
  return /^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex) ? `#${hex}` : null
}

/** '#rgb', '#rrggbb', 'rgb(r, g, b)' or 'rgba(r, g, b, a)' -> [r, g, b] (0–255). */
function channels(color: string): [number, number, number] {
  const hex = color.startsWith('#') ? color.slice(1) : null
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number]
  }
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number)
  return [r, g, b]
}

const rgb = (values: readonly number[]) => `rgb(${values.map((c) => Math.trunc(c)).join(', ')})`

/** Each channel `amount` of the way to white (MUI's lighten). */
export function lighten(color: string, amount: number): string {
  return rgb(channels(color).map((c) => c + (255 - c) * amount))
}

/** Each channel `amount` of the way to black (MUI's darken). */
export function darken(color: string, amount: number): string {
  return rgb(channels(color).map((c) => c * (1 - amount)))
}

/** WCAG's relative luminance, to three decimals as MUI rounds it. */
export function luminance(color: string): number {
  const [r, g, b] = channels(color).map((c) => {
    const v = c / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return Number((0.2126 * r + 0.7152 * g + 0.0722 * b).toFixed(3))
}

/** WCAG's contrast ratio of two colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)]
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

/**
 * `color` as text on `surface`: unchanged when it already reads (WCAG AA, 4.5:1), else lightened
 * (dark surface) or darkened (light surface) in steps of 10 % until it does. Links and brand texts
 * use primary and secondary, so a navy brand colour stays readable in dark mode.
 */
export function readableOn(color: string, surface: string): string {
  const towardsLight = luminance(surface) < 0.5
  for (let step = 0; step <= 10; step += 1) {
    const shade = step === 0 ? color : towardsLight ? lighten(color, step / 10) : darken(color, step / 10)
    // A little over 4.5 so the dark mode's slightly lighter cards read too.
    if (contrastRatio(shade, surface) >= TEXT_CONTRAST + 0.3) return shade
  }
  return towardsLight ? '#ffffff' : '#000000'
}

/** The main buttons' colours: the cta, its text (white or dark at 4.5:1) and a hover shade keeping that contrast. */
export interface CtaColors {
  main: string
  text: string
  hover: string
}

/**
 * MUI's augmentColor with the contrast threshold at 4.5 (white text when it reads, else dark), and
 * its hover shade (darken 30 %), lightened instead when dark text would not read on it.
 */
export function ctaColors(main: string): CtaColors {
  const text = contrastRatio(main, '#fff') >= TEXT_CONTRAST ? '#fff' : DARK_TEXT
  const darker = darken(main, 0.3)
  return { main, text, hover: contrastRatio(darker, text) >= TEXT_CONTRAST ? darker : lighten(main, 0.2) }
}

/** The brand's colours in one scheme. */
export interface SchemeColors {
  primary: string
  secondary: string
  cta: CtaColors
}

/** The institution's colours (hex without #, any of them missing or broken) in each scheme. */
export function brandColors(colors: BrandingColors | null | undefined): Record<Scheme, SchemeColors> {
  const pick = (key: keyof BrandingColors) => hexColor(colors?.[key]) ?? `#${FALLBACK_COLORS[key]}`
  const cta = ctaColors(pick('cta'))
  const scheme = (surface: string): SchemeColors => ({
    primary: readableOn(pick('primary'), surface),
    secondary: readableOn(pick('secondary'), surface),
    cta,
  })
  return { light: scheme(SURFACE.light), dark: scheme(SURFACE.dark) }
}
