import { render, screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { App } from '../app/app'
import { labels } from '../lib/product'
import { createMemoryHistory, Router, useLocation } from '../lib/router'

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>
}

/** The whole app at `path`, with a probe showing the current URL path (in StrictMode when asked). */
export function renderApp(path: string, options: { strict?: boolean } = {}) {
  const user = userEvent.setup()
  const app = (
    <Router history={createMemoryHistory([path])}>
      <App />
      <LocationProbe />
    </Router>
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
  await user.click(await screen.findByRole('button', { name: labels.seeMyOptions }))
  await waitFor(() => expect(screen.queryByTestId('impact-modal')).not.toBeInTheDocument())
}

/** The whole app from the lookup choice by VIN to the years-to-own submit, which quotes the car. */
export async function renderQuotedByVin(options: { strict?: boolean } = {}) {
  const view = await renderAtLookup(options)
  const { user } = view
  await user.click(screen.getByTestId('lookup-continue'))
  await user.type(await screen.findByTestId('vin-input'), '5YJ3E1EA7KF317000')
  await user.click(screen.getByTestId('vin-submit'))
  await user.type(await screen.findByTestId('mileage-input'), '45000')
  await user.click(screen.getByTestId('mileage-submit'))
  await user.click(await screen.findByTestId('miles-per-year-submit'))
  await user.click(await screen.findByTestId('years-to-own-submit'))
  return view
}

/** The whole app on the coverage page for a car found by VIN (the impact modal still open). */
export async function renderAtCoverage(options: { strict?: boolean } = {}) {
  const view = await renderQuotedByVin(options)
  await screen.findByTestId('rate-card')
  return view
}

/** Types Jane Doe's personal details (membership left to the caller). */
export async function fillPersonalDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByTestId('first-name-input'), 'Jane')
  await user.type(screen.getByTestId('last-name-input'), 'Doe')
  await user.type(screen.getByTestId('phone-input'), '3035550142')
  await user.type(screen.getByTestId('street-input'), '100 Main St')
  await user.type(screen.getByTestId('city-input'), 'Denver')
  await user.type(screen.getByTestId('zip-input'), '80202')
}

/** The whole app on 'Review your coverage and purchase': a member's details given and the email verified. */
export async function renderAtConfirm() {
  const view = await renderAtCoverage()
  const { user } = view
  await dismissImpactModal(user)
  await user.click(screen.getByTestId('purchase-button'))
  await fillPersonalDetails(user)
  await user.click(screen.getByTestId('member-yes'))
  await user.click(screen.getByTestId('personal-details-submit'))
  await user.click(await screen.findByTestId('validate-email'))
  await user.type(await screen.findByTestId('code-input'), '123456')
  await user.click(screen.getByTestId('code-submit'))
  await screen.findByTestId('confirm-continue')
  return view
}

/** On the review page: both agreements ticked, then Continue (booking). */
export async function book(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('terms-checkbox'))
  await user.click(screen.getByTestId('refund-checkbox'))
  await user.click(screen.getByTestId('confirm-continue'))
}
