import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { daysAgo } from './staff-format'
import { adminPerson, managerPerson, renderStaff, serveStaff } from './staff-test-kit'

describe('staff console: programme', () => {
  it('a manager: their institution read-only, the last 30 days by default; Show reads the report, and its CSV link', async () => {
    const api = serveStaff(managerPerson)
    const { user } = renderStaff('/staff?tab=programme')
    const institution = await screen.findByLabelText('Institution')
    expect(institution).toHaveValue('Summit Credit Union')
    expect(institution).toHaveAttribute('readonly')
    expect(screen.getByLabelText('From')).toHaveValue(daysAgo(29))
    expect(screen.getByLabelText('To')).toHaveValue(daysAgo(0))
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument()

    await user.clear(screen.getByLabelText('From'))
    await user.type(screen.getByLabelText('From'), '2026-01-01')
    await user.clear(screen.getByLabelText('To'))
    await user.type(screen.getByLabelText('To'), '2026-01-31')
    await user.click(screen.getByRole('button', { name: 'Show' }))

    const report = await screen.findByTestId('staff-report')
    const asked = api.getsOf('/institution/summit-cu/report')
    expect(asked).toHaveLength(1)
    expect(Object.fromEntries(asked[0].searchParams)).toEqual({ from: '2026-01-01', to: '2026-01-31' })

    const csv = screen.getByRole('link', { name: 'Download CSV' })
    expect(csv).toHaveAttribute('href', '/api/staff/institution/summit-cu/report?from=2026-01-01&to=2026-01-31&format=csv')
    expect(csv).toHaveAttribute('download', 'coverline-summit-cu-2026-01-01-2026-01-31.csv')

    const funnel = within(report).getByRole('table', { name: 'Funnel' })
    expect(
      within(funnel)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Step', 'Reached', 'Left here', 'From previous'])
    expect(within(funnel).getAllByRole('row')[2]).toHaveTextContent('coverage30025075%')
    const totals = within(report).getByTestId('staff-report-totals')
    expect(totals).toHaveTextContent('50 contracts, $94,950.00')
    expect(totals).toHaveTextContent('2, $2,300.50')
    expect(within(report).getByRole('table', { name: 'By day' })).toHaveTextContent('Jan 2, 2026')
  })

  it('shows the branding preview, the splash and the coverage page, light and dark, in titled lazy frames', async () => {
    serveStaff(managerPerson)
    renderStaff('/staff?tab=programme')
    expect(await screen.findByTitle('Splash, light')).toHaveAttribute('src', '/summit-cu/splash?preview=light')
    expect(screen.getByTitle('Splash, dark')).toHaveAttribute('src', '/summit-cu/splash?preview=dark')
    expect(screen.getByTitle('Coverage, light')).toHaveAttribute('src', '/summit-cu/coverage-preview?preview=light')
    expect(screen.getByTitle('Coverage, dark')).toHaveAttribute('src', '/summit-cu/coverage-preview?preview=dark')
    const frames = screen.getByRole('region', { name: 'Branding preview' }).querySelectorAll('iframe')
    expect([...frames].map((frame) => frame.getAttribute('loading'))).toEqual(['lazy', 'lazy', 'lazy', 'lazy'])
    // Each frame under its visible title.
    expect([...frames].map((frame) => frame.closest('figure')?.querySelector('figcaption')?.textContent)).toEqual([
      'Splash, light',
      'Splash, dark',
      'Coverage, light',
      'Coverage, dark',
    ])
  })

  it('an admin picks the institution', async () => {
    const api = serveStaff(adminPerson)
    const { user } = renderStaff('/staff?tab=programme')
    await user.selectOptions(await screen.findByLabelText('Institution'), 'alpine-fcu')
    expect(screen.getByTitle('Splash, light')).toHaveAttribute('src', '/alpine-fcu/splash?preview=light')
    expect(screen.getByTitle('Coverage, dark')).toHaveAttribute('src', '/alpine-fcu/coverage-preview?preview=dark')
    await user.click(screen.getByRole('button', { name: 'Show' }))
    await waitFor(() => expect(api.getsOf('/institution/alpine-fcu/report')).toHaveLength(1))
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toMatch(
      /^\/api\/staff\/institution\/alpine-fcu\/report\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&format=csv$/,
    )
  })
})
