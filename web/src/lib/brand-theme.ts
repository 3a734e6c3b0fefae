import { createTheme, type Theme } from '@mui/material/styles'
import type { BrandingColors } from '../api/types'
import { brandColors, TEXT_CONTRAST, type SchemeColors } from './brand-colors'

export { hexColor, readableOn } from './brand-colors'

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

/**
 * The institution's MUI theme: primary and secondary from its branding, `cta` for the main buttons,
 * CSS variables with a class-based light/dark scheme (the dark-mode toggle switches the class).
 */
export function createBrandTheme(colors: BrandingColors | null | undefined): Theme {
  const schemes = brandColors(colors)
  // Button texts (white or dark) picked for WCAG AA's 4.5:1, not MUI's default 3:1 (brand-colors.ts).
  const base = createTheme({ palette: { contrastThreshold: TEXT_CONTRAST } })
  const palette = ({ primary, secondary, cta }: SchemeColors) => ({
    contrastThreshold: TEXT_CONTRAST,
    primary: { main: primary },
    secondary: { main: secondary },
    cta: { ...base.palette.augmentColor({ color: { main: cta.main }, name: 'cta' }), contrastText: cta.text, dark: cta.hover },
  })
  return createTheme({
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: { light: { palette: palette(schemes.light) }, dark: { palette: palette(schemes.dark) } },
    shape: { borderRadius: 8 },
    typography: { button: { textTransform: 'none', fontWeight: 600 } },
  })
}
