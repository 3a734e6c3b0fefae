import { ThemeProvider, useColorScheme, type Theme } from '@mui/material/styles'
import { createContext, useContext, useEffect, type ComponentType, type ReactNode } from 'react'
import type { BrandingColors } from '../api/types'
import { createBrandTheme } from '../lib/brand-theme'
import { modeStorageKey, useColorMode } from '../lib/color-mode'
import { BrandContext } from './brand-frame'

/**
 * MUI's theme for the screens and dialogs that draw with MUI, loaded with the first of them (the
 * page frame and the splash need none of it). Each MUI part of the page (a screen, the stepper, a
 * dialog) is wrapped once; inside a wrapped part, a nested one renders as is.
 */
const Provided = createContext(false)

/** One theme per set of colours: a screen change does not build it again. */
const themes = new Map<string, Theme>()
function themeOf(colors: BrandingColors | null): Theme {
  const key = JSON.stringify(colors)
  let theme = themes.get(key)
  if (!theme) {
    theme = createBrandTheme(colors)
    themes.set(key, theme)
  }
  return theme
}

/** MUI's own mode follows the app's (lib/color-mode.ts: the dark-mode toggle is outside MUI). */
function ModeBridge() {
  const mode = useColorMode()
  const { mode: muiMode, setMode } = useColorScheme()
  useEffect(() => {
    if (mode && muiMode !== mode) setMode(mode)
  }, [mode, muiMode, setMode])
  return null
}

/**
 * The institution's MUI theme around `children`: its colours, its dark-mode start, the member's
 * stored choice (MUI reads the same storage key as lib/color-mode.ts) and, after that, every switch.
 * In a branding preview, the preview's mode, and no storage at all (MUI would store every switch).
 * Outside a BrandFrame (no institution), MUI's default theme.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  const brand = useContext(BrandContext)
  const provided = useContext(Provided)
  if (provided || !brand) return children
  return (
    <Provided.Provider value={true}>
      <ThemeProvider
        theme={themeOf(brand.colors)}
        defaultMode={brand.preview ?? (brand.startsDark ? 'dark' : 'light')}
        modeStorageKey={modeStorageKey(brand.institutionId)}
        storageManager={brand.preview ? null : undefined}
      >
        <ModeBridge />
        {children}
      </ThemeProvider>
    </Provided.Provider>
  )
}

const wrapped = new WeakMap<ComponentType, ComponentType>()

/** `Screen` inside the institution's MUI theme (one wrapper per screen: its identity stays the same). */
export function withMuiTheme(Screen: ComponentType): ComponentType {
  let Themed = wrapped.get(Screen)
  if (!Themed) {
    Themed = function Themed() {
      return (
        <MuiTheme>
          <Screen />
        </MuiTheme>
      )
    }
    wrapped.set(Screen, Themed)
  }
  return Themed
}
