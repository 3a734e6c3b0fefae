import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { adminPerson, managerPerson, renderStaff, serveStaff, staffError, supportPerson } from './staff-test-kit'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const SUMMIT_TOML = 'id = "summit-cu"\nname = "Summit Credit Union"\nlogoName = "summit.svg"\n'

/** The Institutions tab, its table loaded. */
async function openInstitutions() {
  const view = renderStaff('/staff?tab=institutions')
  const table = await screen.findByRole('table', { name: 'Institutions and their integrators' })
  return { ...view, table }
}

describe('staff console: institutions and integrators (admin)', () => {
  it('the tab shows for an admin only, after Programme', async () => {
    serveStaff(adminPerson)
    const { unmount } = renderStaff()
    const tabs = await screen.findAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Members',
      'Paper copies',
      'Check refunds',
      'Programme',
      'Institutions',
      'Audit log',
    ])
    unmount()

    for (const person of [supportPerson, managerPerson]) {
      serveStaff(person)
      const { unmount: unmountAgain } = renderStaff('/staff?tab=institutions')
      await screen.findAllByRole('tab')
      expect(screen.queryByRole('tab', { name: 'Institutions' })).not.toBeInTheDocument()
      expect(screen.queryByRole('table', { name: 'Institutions and their integrators' })).not.toBeInTheDocument()
      unmountAgain()
    }
  })

  it('lists the institutions with their integrators: ids, names, status, origins, and a switch for each', async () => {
    const api = serveStaff(adminPerson)
    const { table } = await openInstitutions()
    expect(api.getsOf('/institutions')).toHaveLength(1)
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Institution', 'Name', 'Status', 'Integrators', 'On or off'])
    const [, summitRow, alpineRow] = within(table).getAllByRole('row')
    expect(summitRow).toHaveTextContent('summit-cu')
    expect(summitRow).toHaveTextContent('Summit Credit Union')
    const integrator = within(summitRow).getByRole('listitem')
    expect(integrator).toHaveTextContent('Demo partner')
    expect(integrator).toHaveTextContent('demo-partner')
    expect(integrator).toHaveTextContent('Active')
    expect(integrator).toHaveTextContent('Origins: https://partner.example, https://app.partner.example')
    expect(within(integrator).getByRole('button', { name: 'Turn off demo-partner' })).toHaveTextContent('Turn off')
    expect(within(summitRow).getByRole('button', { name: 'Turn off summit-cu' })).toBeEnabled()

    expect(alpineRow).toHaveTextContent('alpine-fcu')
    expect(alpineRow).toHaveTextContent('Alpine Federal Credit Union')
    expect(alpineRow).toHaveTextContent('Inactive')
    expect(alpineRow).toHaveTextContent('No integrator')
    expect(within(alpineRow).getByRole('button', { name: 'Turn on alpine-fcu' })).toHaveTextContent('Turn on')
  })

  it('Turn off an institution asks first, then posts {active: false} with the CSRF token and a key, and reads the list again', async () => {
    const api = serveStaff(adminPerson)
    const { user, table } = await openInstitutions()

    await user.click(within(table).getByRole('button', { name: 'Turn off summit-cu' }))
    let dialog = await screen.findByRole('dialog', { name: 'Turn off Summit Credit Union?' })
    expect(dialog).toHaveAccessibleDescription('Its members cannot start or continue a purchase until it is turned on again.')
    await user.click(within(dialog).getByRole('button', { name: 'Keep it on' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.posts).toHaveLength(0)

    await user.click(within(table).getByRole('button', { name: 'Turn off summit-cu' }))
    dialog = await screen.findByRole('dialog', { name: 'Turn off Summit Credit Union?' })
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.posts).toHaveLength(1)
    expect(api.posts[0]).toMatchObject({ path: '/institution/summit-cu/active', csrf: 'csrf-ada', body: { active: false } })
    expect(api.posts[0].key).toMatch(UUID)
    const feedback = await screen.findByTestId('staff-feedback')
    expect(feedback).toHaveTextContent('turned summit-cu off')
    expect(feedback).toHaveClass('MuiAlert-colorSuccess')
    await waitFor(() => expect(api.getsOf('/institutions')).toHaveLength(2))

    // Read again, it is off: turning it on needs no confirmation and takes a new key.
    const turnOn = await within(table).findByRole('button', { name: 'Turn on summit-cu' })
    await waitFor(() => expect(turnOn).toBeEnabled())
    await user.click(turnOn)
    await waitFor(() => expect(api.posts).toHaveLength(2))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.posts[1]).toMatchObject({ path: '/institution/summit-cu/active', body: { active: true } })
    expect(api.posts[1].key).toMatch(UUID)
    expect(api.posts[1].key).not.toBe(api.posts[0].key)
    await waitFor(() => expect(api.getsOf('/institutions')).toHaveLength(3))
  })

  it('Turn off an integrator asks first; a turn-off that got no answer is sent again with the same key', async () => {
    let calls = 0
    const api = serveStaff(adminPerson, {
      action: () =>
        ++calls === 1 ? HttpResponse.error() : HttpResponse.json({ outcome: 'done', message: 'turned demo-partner off' }),
    })
    const { user, table } = await openInstitutions()
    const turnOff = within(table).getByRole('button', { name: 'Turn off demo-partner' })

    await user.click(turnOff)
    let dialog = await screen.findByRole('dialog', { name: 'Turn off Demo partner?' })
    expect(dialog).toHaveAccessibleDescription('It can no longer launch or frame the flow.')
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.')

    await waitFor(() => expect(turnOff).toBeEnabled())
    await user.click(turnOff)
    dialog = await screen.findByRole('dialog', { name: 'Turn off Demo partner?' })
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    expect(await screen.findByTestId('staff-feedback')).toHaveTextContent('turned demo-partner off')
    expect(api.posts.map((posted) => posted.path)).toEqual(['/integrator/demo-partner/active', '/integrator/demo-partner/active'])
    expect(api.posts[1]).toMatchObject({ csrf: 'csrf-ada', body: { active: false } })
    expect(api.posts[1].key).toBe(api.posts[0].key)
    await waitFor(() => expect(api.getsOf('/institutions')).toHaveLength(2))
  })

  it('Import an institution posts the TOML text and the logo as base64, then reads the list again', async () => {
    const api = serveStaff(adminPerson)
    const { user } = await openInstitutions()
    const form = screen.getByRole('form', { name: 'Import an institution' })
    const importButton = within(form).getByRole('button', { name: 'Import the institution' })

    await user.click(importButton)
    expect(within(form).getByLabelText('Institution file (TOML)')).toHaveAccessibleDescription(
      /Choose the institution’s TOML file\./,
    )
    expect(api.posts).toHaveLength(0)

    const toml = new File([SUMMIT_TOML], 'summit.toml', { type: 'application/toml' })
    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff])], 'summit.png', {
      type: 'image/png',
    })
    await user.upload(within(form).getByLabelText('Institution file (TOML)'), toml)
    await user.upload(within(form).getByLabelText('Logo (optional)'), logo)
    await user.click(importButton)

    expect(await within(form).findByTestId('staff-feedback')).toHaveTextContent('imported the institution')
    expect(api.posts).toHaveLength(1)
    expect(api.posts[0]).toMatchObject({
      path: '/institutions',
      csrf: 'csrf-ada',
      body: { toml: SUMMIT_TOML, logoBase64: 'iVBORw0KGgr/' },
    })
    expect(api.posts[0].key).toMatch(UUID)
    await waitFor(() => expect(api.getsOf('/institutions')).toHaveLength(2))
  })

  it('Import an institution without a logo sends none (the stored one stays); Import an integrator sends its TOML', async () => {
    const api = serveStaff(adminPerson)
    const { user } = await openInstitutions()
    const institutionForm = screen.getByRole('form', { name: 'Import an institution' })
    await user.upload(within(institutionForm).getByLabelText('Institution file (TOML)'), new File([SUMMIT_TOML], 'summit.toml'))
    await user.click(within(institutionForm).getByRole('button', { name: 'Import the institution' }))
    await within(institutionForm).findByTestId('staff-feedback')
    expect(api.posts[0].body).toEqual({ toml: SUMMIT_TOML })

    const integratorForm = screen.getByRole('form', { name: 'Import an integrator' })
    const integratorToml = 'id = "demo-partner"\nname = "Demo partner"\n'
    await user.upload(within(integratorForm).getByLabelText('Integrator file (TOML)'), new File([integratorToml], 'demo.toml'))
    await user.click(within(integratorForm).getByRole('button', { name: 'Import the integrator' }))
    expect(await within(integratorForm).findByTestId('staff-feedback')).toHaveTextContent('imported the integrator')
    expect(api.posts[1]).toMatchObject({ path: '/integrators', csrf: 'csrf-ada', body: { toml: integratorToml } })
    expect(api.posts[1].key).not.toBe(api.posts[0].key)
    await waitFor(() => expect(api.getsOf('/institutions')).toHaveLength(3))
  })

  it('a file that does not check (409) shows its message', async () => {
    const api = serveStaff(adminPerson, {
      action: () => staffError(409, 'conflict', 'summit.toml: colors.primary: not a hex colour'),
    })
    const { user } = await openInstitutions()
    const form = screen.getByRole('form', { name: 'Import an institution' })
    await user.upload(within(form).getByLabelText('Institution file (TOML)'), new File([SUMMIT_TOML], 'summit.toml'))
    await user.click(within(form).getByRole('button', { name: 'Import the institution' }))
    const alert = await within(form).findByRole('alert')
    expect(alert).toHaveTextContent('summit.toml: colors.primary: not a hex colour')
    expect(alert).toHaveClass('MuiAlert-colorError')
    expect(api.posts).toHaveLength(1)
    expect(api.getsOf('/institutions')).toHaveLength(1)
  })
})
