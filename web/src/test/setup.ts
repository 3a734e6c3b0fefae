import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { sessionTokens } from '../api/client'
import { resetColorMode } from '../lib/color-mode'
import { fakeCaptcha } from './fake-captcha'
import { server } from './msw-server'

// The splash's captcha widget: a fake element in place of ALTCHA's (test/fake-captcha.ts).
vi.mock('../features/splash/altcha-setup', async () => {
  const { defineFakeAltcha } = await import('./fake-captcha')
  defineFakeAltcha()
  return { ALGORITHM: 'PBKDF2/SHA-256' }
})

// A screen's code is imported (and transformed) the first time a file shows it: on 2 busy cores the
// first findBy of a file can pass the default 1 s.
configure({ asyncUtilTimeout: 5000 })

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  sessionTokens.clear() // test tokens repeat from one test to the next
  fakeCaptcha.solvesAtOnce = true
  resetColorMode() // the page's light/dark mode is module state, like the page's <html>
  localStorage.clear()
})
afterAll(() => server.close())
