import { render, screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { MemoryRouter, useLocation } from 'react-router'
import { App } from '../app/app'

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>
}

/** The whole app at `path`, with a probe showing the current URL path (in StrictMode when asked). */
export function renderApp(path: string, options: { strict?: boolean } = {}) {
  const user = userEvent.setup()
  const app = (
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>
  )
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app)
  return { user, ...view }
}

/** The whole app on the lookup choice: the splash's email and state (CO) already given. */
export async function renderAtLookup(options: { strict?: boolean } = {}) {
  const view = renderApp('/summit-cu/splash', options)
  const { user } = view
  await user.type(await screen.findByTestId('email-input'), 'jane@example.com')
  await user.click(screen.getByTestId('email-submit'))
  await user.selectOptions(await screen.findByTestId('state-select'), 'CO')
  await user.click(screen.getByTestId('state-submit'))
  await screen.findByTestId('lookup-continue')
  return view
}

/** The coverage page's impact modal (once per session): dismissed, and gone. */
export async function dismissImpactModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'See my options' }))
  await waitFor(() => expect(screen.queryByTestId('impact-modal')).not.toBeInTheDocument())
}

/** The whole app on the coverage page for a car found by VIN (the impact modal still open). */
export async function renderAtCoverage(options: { strict?: boolean } = {}) {
  const view = await renderAtLookup(options)
  const { user } = view
  await user.click(screen.getByTestId('lookup-continue'))
  await user.type(await screen.findByTestId('vin-input'), '5YJ3E1EA7KF317000')
  await user.click(screen.getByTestId('vin-submit'))
  await user.type(await screen.findByTestId('mileage-input'), '45000')
  await user.click(screen.getByTestId('mileage-submit'))
  await user.click(await screen.findByTestId('miles-per-year-submit'))
  await user.click(await screen.findByTestId('years-to-own-submit'))
  await screen.findByTestId('rate-card')
  return view
}
