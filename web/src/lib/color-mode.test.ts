import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { contrastRatio, brandColors, SURFACE } from './brand-colors'
import { modeStorageKey, previewModeOf, setColorMode, startColorMode, useColorMode } from './color-mode'

const html = () => document.documentElement

describe('the page’s light/dark mode', () => {
  it('starts as the institution says, on <html>, until the member chooses', () => {
    expect(startColorMode('harborline-bank', true)).toBe('dark')
    expect(html()).toHaveClass('dark')
    expect(html()).not.toHaveClass('light')
    expect(html().style.colorScheme).toBe('dark')
  })

  it('keeps the member’s choice per institution, under the key the server page reads', () => {
    startColorMode('summit-cu', false)
    setColorMode('dark')
    expect(localStorage.getItem(modeStorageKey('summit-cu'))).toBe('dark')
    expect(startColorMode('summit-cu', false)).toBe('dark')
    expect(startColorMode('prairie-trail-fcu', false)).toBe('light')
    expect(html()).toHaveClass('light')
  })

  it('reads MUI’s stored "system" as the device’s setting, and ignores anything else', () => {
    localStorage.setItem(modeStorageKey('summit-cu'), 'system')
    expect(startColorMode('summit-cu', true)).toBe('light') // jsdom's device: no dark preference
    localStorage.setItem(modeStorageKey('summit-cu'), 'purple')
    expect(startColorMode('summit-cu', true)).toBe('dark')
  })

  it('re-renders its readers on a switch, and follows a switch in another tab', () => {
    startColorMode('summit-cu', false)
    const { result } = renderHook(() => useColorMode())
    expect(result.current).toBe('light')
    act(() => setColorMode('dark'))
    expect(result.current).toBe('dark')
    act(() => {
      localStorage.setItem(modeStorageKey('summit-cu'), 'light')
      window.dispatchEvent(new StorageEvent('storage', { key: modeStorageKey('summit-cu') }))
    })
    expect(result.current).toBe('light')
    expect(html()).toHaveClass('light')
  })
})

describe('a branding preview’s mode (?preview=light|dark)', () => {
  it('is read from the URL: light or dark, nothing else', () => {
    expect(previewModeOf('?preview=dark')).toBe('dark')
    expect(previewModeOf('?x=1&preview=light')).toBe('light')
    expect(previewModeOf('?preview=system')).toBeNull()
    expect(previewModeOf('')).toBeNull()
  })

  it('forces the mode over the member’s stored choice and the institution’s start, and stores nothing', () => {
    localStorage.setItem(modeStorageKey('summit-cu'), 'light')
    expect(startColorMode('summit-cu', false, 'dark')).toBe('dark')
    expect(html()).toHaveClass('dark')
    expect(startColorMode('harborline-bank', true, 'light')).toBe('light')
    expect(html()).toHaveClass('light')
    expect(localStorage.getItem(modeStorageKey('summit-cu'))).toBe('light')
    expect(localStorage.getItem(modeStorageKey('harborline-bank'))).toBeNull()
  })

  it('switches with the toggle without storing it, and does not follow another tab', () => {
    startColorMode('summit-cu', false, 'light')
    const { result } = renderHook(() => useColorMode())
    act(() => setColorMode('dark'))
    expect(result.current).toBe('dark')
    expect(html()).toHaveClass('dark')
    expect(localStorage.length).toBe(0)
    act(() => {
      localStorage.setItem(modeStorageKey('summit-cu'), 'light')
      window.dispatchEvent(new StorageEvent('storage', { key: modeStorageKey('summit-cu') }))
    })
    expect(result.current).toBe('dark')
  })

  it('gives way to the member’s own choice once the page is the member’s again', () => {
    localStorage.setItem(modeStorageKey('summit-cu'), 'light')
    startColorMode('summit-cu', false, 'dark')
    expect(startColorMode('summit-cu', false)).toBe('light')
    setColorMode('dark')
    expect(localStorage.getItem(modeStorageKey('summit-cu'))).toBe('dark')
  })
})

describe('the brand colours per scheme', () => {
  it('keeps texts and the main button readable in both schemes, for any brand', () => {
    for (const colors of [
      { cta: 'F47B20', primary: '0B3D91', secondary: '6CACE4' },
      { cta: 'F2C14E', primary: '1B2A41', secondary: '4FB3BF' },
      { cta: '2A9D8F', primary: 'FFFFFF', secondary: '000000' },
    ]) {
      const schemes = brandColors(colors)
      for (const scheme of ['light', 'dark'] as const) {
        expect(contrastRatio(schemes[scheme].primary, SURFACE[scheme])).toBeGreaterThanOrEqual(4.5)
        expect(contrastRatio(schemes[scheme].secondary, SURFACE[scheme])).toBeGreaterThanOrEqual(4.5)
        const { main, text, hover } = schemes[scheme].cta
        expect(contrastRatio(main, text)).toBeGreaterThanOrEqual(4.5)
        expect(contrastRatio(hover, text)).toBeGreaterThanOrEqual(4.5)
      }
    }
  })
})
