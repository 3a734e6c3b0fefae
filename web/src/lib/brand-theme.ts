import { createTheme, type Theme } from '@mui/material/styles'
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

/**
 * The institution's MUI theme: primary and secondary from its branding, `cta` for the main buttons,
 * CSS variables with a class-based light/dark scheme (the dark-mode toggle switches the class).
 */
export function createBrandTheme(colors: BrandingColors | null | undefined): Theme {
  const pick = (key: keyof BrandingColors) => hexColor(colors?.[key]) ?? `#${FALLBACK[key]}`
  const base = createTheme()
  const cta = base.palette.augmentColor({ color: { main: pick('cta') }, name: 'cta' })
  const palette = {
    primary: { main: pick('primary') },
    secondary: { main: pick('secondary') },
    cta,
  }
  return createTheme({
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: { light: { palette }, dark: { palette } },
    shape: { borderRadius: 8 },
    typography: { button: { textTransform: 'none', fontWeight: 600 } },
  })
}
