import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { sessionTokens } from '../api/client'
import { fakeCaptcha } from './fake-captcha'
import { server } from './msw-server'

// The splash's captcha widget: a fake element in place of ALTCHA's (test/fake-captcha.ts).
vi.mock('../features/splash/altcha-setup', async () => {
  const { defineFakeAltcha } = await import('./fake-captcha')
  defineFakeAltcha()
  return { ALGORITHM: 'PBKDF2/SHA-256' }
})

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  sessionTokens.clear() // test tokens repeat from one test to the next
  fakeCaptcha.solvesAtOnce = true
})
afterAll(() => server.close())
