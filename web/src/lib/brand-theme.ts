import { createTheme, darken, getContrastRatio, getLuminance, lighten, type Theme } from '@mui/material/styles'
import type { BrandingColors } from '../api/types'

declare module '@mui/material/styles' {
  interface Palette {
    cta: Palette['primary']
  }
  interface PaletteOptions {
    cta?: PaletteOptions['primary']
  }
}

declare module '@mui/material/Button' {
  interface ButtonPropsColorOverrides {
    cta: true
  }
}

const FALLBACK: BrandingColors = { cta: 'F47B20', primary: '0B3D91', secondary: '6CACE4' }

/** '0B3D91' -> '#0B3D91'; anything that is not 3 or 6 hex digits gives null. */
export function hexColor(value: string | null | undefined): string | null {
  const hex = (value ?? '').trim().replace(/^#/, '')
  return /^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex) ? `#${hex}` : null
}

/** The page's background in each scheme (MUI's defaults), and WCAG AA's ratio for text. */
const SURFACE = { light: '#ffffff', dark: '#121212' } as const
const TEXT_CONTRAST = 4.5

/**
 * `color` as text on `surface`: unchanged when it already reads (WCAG AA, 4.5:1), else lightened
 * (dark surface) or darkened (light surface) in steps of 10 % until it does. Links and brand texts
 * use primary and secondary, so a navy brand colour stays readable in dark mode.
 */
export function readableOn(color: string, surface: string): string {
  const towardsLight = getLuminance(surface) < 0.5
  for (let step = 0; step <= 10; step += 1) {
    const shade = step === 0 ? color : towardsLight ? lighten(color, step / 10) : darken(color, step / 10)
    // A little over 4.5 so the dark mode's slightly lighter cards read too.
    if (getContrastRatio(shade, surface) >= TEXT_CONTRAST + 0.3) return shade
  }
  return towardsLight ? '#ffffff' : '#000000'
}

/**
 * The cta colour for the main buttons: its text white or dark at 4.5:1, and a hover shade that keeps
 * that contrast (a light button with dark text gets lighter on hover, not darker).
 */
function ctaPalette(base: Theme, main: string) {
  const cta = base.palette.augmentColor({ color: { main }, name: 'cta' })
  if (getContrastRatio(cta.dark, cta.contrastText) >= TEXT_CONTRAST) return cta
  return { ...cta, dark: lighten(main, 0.2) }
}

/**
 * The institution's MUI theme: primary and secondary from its branding, `cta` for the main buttons,
 * CSS variables with a class-based light/dark scheme (the dark-mode toggle switches the class).
 */
export function createBrandTheme(colors: BrandingColors | null | undefined): Theme {
  const pick = (key: keyof BrandingColors) => hexColor(colors?.[key]) ?? `#${FALLBACK[key]}`
  // Button texts (white or dark) picked for WCAG AA's 4.5:1, not MUI's default 3:1.
  const base = createTheme({ palette: { contrastThreshold: TEXT_CONTRAST } })
  const cta = ctaPalette(base, pick('cta'))
  const palette = (surface: string) => ({
    contrastThreshold: TEXT_CONTRAST,
    primary: { main: readableOn(pick('primary'), surface) },
    secondary: { main: readableOn(pick('secondary'), surface) },
    cta,
  })
  return createTheme({
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: { light: { palette: palette(SURFACE.light) }, dark: { palette: palette(SURFACE.dark) } },
    shape: { borderRadius: 8 },
    typography: { button: { textTransform: 'none', fontWeight: 600 } },
  })
}
