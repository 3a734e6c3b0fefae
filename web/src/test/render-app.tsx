import { render } from '@testing-library/react'
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
