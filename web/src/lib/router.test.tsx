import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createBrowserHistory, createMemoryHistory, Link, matchPath, Router, useLocation, useNavigate } from './router'

describe('matchPath', () => {
  it('gives the named segments, decoded, for a path of the pattern', () => {
    expect(matchPath('/:institutionId/user/:userId/policy/:policyId', '/summit-cu/user/u%201/policy/p-9')).toEqual({
      institutionId: 'summit-cu',
      userId: 'u 1',
      policyId: 'p-9',
    })
  })

  it('matches the rest with a trailing *, also when there is none', () => {
    expect(matchPath('/:institutionId/*', '/summit-cu/user/coverage')).toEqual({ institutionId: 'summit-cu' })
    expect(matchPath('/:institutionId/*', '/summit-cu')).toEqual({ institutionId: 'summit-cu' })
  })

  it('refuses other paths: a literal that differs, too few or too many segments, the root', () => {
    expect(matchPath('/:institutionId/user/:userId/policy/:policyId', '/summit-cu/user/u1/contract/p9')).toBeNull()
    expect(matchPath('/:institutionId/user/:userId/policy/:policyId', '/summit-cu/user/u1')).toBeNull()
    expect(matchPath('/:institutionId', '/summit-cu/splash')).toBeNull()
    expect(matchPath('/:institutionId/*', '/')).toBeNull()
  })

  it('keeps a malformed escape as typed instead of throwing', () => {
    expect(matchPath('/:institutionId/*', '/summit%E0/splash')).toEqual({ institutionId: 'summit%E0' })
  })
})

function Probe() {
  const location = useLocation()
  const navigate = useNavigate()
  return (
    <>
      <output data-testid="where">{`${location.pathname}${location.search} ${location.key === 'default' ? 'first' : 'later'}`}</output>
      <button onClick={() => navigate('/a/two')}>push</button>
      <button onClick={() => navigate('/a/three', { replace: true })}>replace</button>
      <button onClick={() => navigate(-1)}>back</button>
      <Link to="/a/security">footer</Link>
    </>
  )
}

describe('Router over memory', () => {
  it('pushes, replaces and goes back; the first entry is the one the tab opened on', async () => {
    const user = userEvent.setup()
    render(
      <Router history={createMemoryHistory(['/a/one?x=1'])}>
        <Probe />
      </Router>,
    )
    expect(screen.getByTestId('where')).toHaveTextContent('/a/one?x=1 first')
    await user.click(screen.getByText('push'))
    expect(screen.getByTestId('where')).toHaveTextContent('/a/two later')
    await user.click(screen.getByText('replace'))
    expect(screen.getByTestId('where')).toHaveTextContent('/a/three later')
    await user.click(screen.getByText('back'))
    expect(screen.getByTestId('where')).toHaveTextContent('/a/one?x=1 first')
  })

  it('follows a link in the app, but leaves a modified click to the browser', async () => {
    const user = userEvent.setup()
    render(
      <Router history={createMemoryHistory(['/a/one'])}>
        <Probe />
      </Router>,
    )
    expect(screen.getByText('footer')).toHaveAttribute('href', '/a/security')
    await user.keyboard('{Control>}')
    await user.click(screen.getByText('footer'))
    await user.keyboard('{/Control}')
    expect(screen.getByTestId('where')).toHaveTextContent('/a/one first')
    await user.click(screen.getByText('footer'))
    expect(screen.getByTestId('where')).toHaveTextContent('/a/security later')
  })
})

describe('Router over the window', () => {
  it('writes the URL, keeps a key per entry in history.state, and follows back (popstate)', async () => {
    window.history.replaceState(null, '', '/b/start')
    const history = createBrowserHistory()
    expect(history.location).toMatchObject({ pathname: '/b/start', key: 'default' })
    history.push('/b/next?y=2')
    expect(window.location.pathname + window.location.search).toBe('/b/next?y=2')
    expect(history.location.key).toBe((window.history.state as { key: string }).key)
    await act(async () => {
      window.history.back()
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))
    })
    expect(history.location).toMatchObject({ pathname: '/b/start', key: 'default' })
  })
})
