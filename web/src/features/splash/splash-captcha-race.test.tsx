import { screen } from '@testing-library/react'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { fakeCaptcha, solveFakeCaptchas } from '../../test/fake-captcha'
import { renderApp } from '../../test/render-app'

/*
 * The race Playwright met on a busy machine: Continue is clicked before the captcha is solved, and
 * the solution arrives while the form is still validating (its schemas load on first use). The
 * address must then go with that solution, not wait for another that never comes.
 */

// The splash's schemas load only when this test lets them.
const schemas = vi.hoisted(() => {
  let release = () => {}
  const loaded = new Promise<void>((resolve) => {
    release = resolve
  })
  return { loaded, release: () => release() }
})
vi.mock('./splash-schemas', async (importOriginal) => {
  await schemas.loaded
  return importOriginal()
})

describe('splash: captcha solved during validation', () => {
  it('creates the user with the solution that arrived between the click and the submit', async () => {
    fakeCaptcha.solvesAtOnce = false
    const { user } = renderApp('/summit-cu/splash')
    await user.type(await screen.findByTestId('email-input'), 'jane@example.com')
    await user.click(screen.getByTestId('email-submit'))
    // Validation waits for the schemas; meanwhile the widget solves and the page takes it in.
    act(() => solveFakeCaptchas())
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    schemas.release()
    expect(await screen.findByTestId('state-select')).toBeInTheDocument()
  })
})
