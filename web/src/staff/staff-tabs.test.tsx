import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { adminPerson, managerPerson, renderStaff, serveStaff, supportPerson } from './staff-test-kit'

async function tabNames() {
  const tabs = await screen.findAllByRole('tab')
  return tabs.map((tab) => tab.textContent)
}

describe('staff console: the tabs each role opens', () => {
  it('support: Members, Paper copies, Check refunds and Audit log, Members first', async () => {
    serveStaff(supportPerson)
    renderStaff()
    expect(await tabNames()).toEqual(['Members', 'Paper copies', 'Check refunds', 'Audit log'])
    const members = screen.getByRole('tab', { name: 'Members' })
    expect(members).toHaveAttribute('aria-selected', 'true')
    expect(members).toHaveAttribute('aria-controls', 'staff-panel-members')
    const panel = screen.getByRole('tabpanel')
    expect(panel).toHaveAttribute('id', 'staff-panel-members')
    expect(panel).toHaveAttribute('aria-labelledby', members.id)
  })

  it('manager: Programme and Audit log only', async () => {
    serveStaff(managerPerson)
    renderStaff()
    expect(await tabNames()).toEqual(['Programme', 'Audit log'])
    expect(screen.getByRole('tab', { name: 'Programme' })).toHaveAttribute('aria-selected', 'true')
  })

  it('admin: every tab', async () => {
    serveStaff(adminPerson)
    renderStaff()
    expect(await tabNames()).toEqual(['Members', 'Paper copies', 'Check refunds', 'Programme', 'Institutions', 'Audit log'])
  })

  it('the selected tab is the URL’s ?tab= (a reload keeps it); one the role does not open falls back to the first', async () => {
    const api = serveStaff(supportPerson)
    const { user, history, unmount } = renderStaff('/staff?tab=refunds')
    expect(await screen.findByRole('tab', { name: 'Check refunds' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByRole('heading', { name: 'Check refunds to pay' })).toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: 'Audit log' }))
    expect(history.location.search).toBe('?tab=audit')
    expect(await screen.findByRole('table', { name: 'Audit log, newest first' })).toBeInTheDocument()
    expect(api.getsOf('/audit')[0].searchParams.get('limit')).toBe('200')
    unmount()

    renderStaff('/staff?tab=programme')
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true'))
  })
})
