import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router'
import { App } from '../app/app'

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>
}

/** The whole app at `path`, with a probe showing the current URL path. */
export function renderApp(path: string) {
  const user = userEvent.setup()
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  )
  return { user, ...view }
}

/** The whole app on the lookup choice: the splash's email and state (CO) already given. */
export async function renderAtLookup() {
  const view = renderApp('/summit-cu/splash')
  const { user } = view
  await user.type(await screen.findByTestId('email-input'), 'jane@example.com')
  await user.click(screen.getByTestId('email-submit'))
  await user.selectOptions(await screen.findByTestId('state-select'), 'CO')
  await user.click(screen.getByTestId('state-submit'))
  await screen.findByTestId('lookup-continue')
  return view
}
