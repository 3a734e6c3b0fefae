import { getContrastRatio, type Palette, type Theme } from '@mui/material/styles'
import { describe, expect, it } from 'vitest'
import { createBrandTheme, hexColor, readableOn } from './brand-theme'

/** The theme's light and dark palettes (a CSS-variables theme keeps both). */
function schemes(theme: Theme) {
  return (theme as unknown as { colorSchemes: Record<'light' | 'dark', { palette: Palette }> }).colorSchemes
}

describe('createBrandTheme', () => {
  it('uses the institution colours (hex without #) and its cta for the main buttons', () => {
    const theme = createBrandTheme({ cta: 'B5482A', primary: '2F5D3A', secondary: 'D9B44A' })
    expect(schemes(theme).light.palette.primary.main).toBe('#2F5D3A')
    expect(schemes(theme).light.palette.cta.main).toBe('#B5482A')
  })

  it('falls back to the default colours for a colour that is not hex', () => {
    expect(hexColor('zzz')).toBeNull()
    expect(schemes(createBrandTheme({ cta: 'nope', primary: '', secondary: '6CACE4' })).light.palette.cta.main).toBe('#F47B20')
  })

  it('keeps primary and secondary readable as text in dark mode (a navy brand colour is lightened)', () => {
    const dark = schemes(createBrandTheme({ cta: 'F47B20', primary: '0B3D91', secondary: '6CACE4' })).dark.palette
    expect(getContrastRatio(dark.primary.main, '#121212')).toBeGreaterThanOrEqual(4.5)
    expect(getContrastRatio(dark.secondary.main, '#121212')).toBeGreaterThanOrEqual(4.5)
  })

  it('keeps the cta text readable on hover (a light cta with dark text gets lighter, not darker)', () => {
    for (const cta of ['F47B20', 'F2C14E', '2A9D8F', 'B5482A']) {
      const palette = schemes(createBrandTheme({ cta, primary: '0B3D91', secondary: '6CACE4' })).light.palette.cta
      expect(getContrastRatio(palette.main, palette.contrastText)).toBeGreaterThanOrEqual(4.5)
      expect(getContrastRatio(palette.dark, palette.contrastText)).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('leaves a colour that already reads unchanged', () => {
    expect(readableOn('#0B3D91', '#ffffff')).toBe('#0B3D91')
  })
})
