import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { atMillis } from './staff-format'
import { auditEntry, renderStaff, serveStaff, supportPerson } from './staff-test-kit'

describe('staff console: the lists', () => {
  it('Paper copies: the contracts to mail; Mark mailed posts and reads the list again', async () => {
    const api = serveStaff(supportPerson)
    const { user } = renderStaff('/staff?tab=paper-copies')
    const table = await screen.findByRole('table', { name: 'Paper copies to mail' })
    expect(table).toHaveTextContent('MMP-0002')
    expect(table).toHaveTextContent('1 Main St, Denver, CO 80202')
    await user.click(within(table).getByRole('button', { name: 'Mark mailed (p-2)' }))
    expect(await screen.findByTestId('staff-feedback')).toHaveTextContent('paper-mailed done for p-2')
    expect(api.posts[0]).toMatchObject({ path: '/policy/p-2/paper-mailed', csrf: 'csrf-ana' })
    await waitFor(() => expect(api.getsOf('/paper-copies')).toHaveLength(2))
  })

  it('Check refunds: what each owes today, and Record check paid… for a row', async () => {
    const api = serveStaff(supportPerson)
    const { user } = renderStaff('/staff?tab=refunds')
    const table = await screen.findByRole('table', { name: 'Check refunds to pay' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Policy', 'Institution', 'State', 'Refund', 'Due by', 'Days left', 'Penalty', 'Owed today', 'Paid'])
    expect(table).toHaveTextContent('$1,150.25')
    expect(table).toHaveTextContent('Mar 3, 2026')
    await user.click(within(table).getByRole('button', { name: 'Record check paid… (p-3)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Record check paid' })
    await user.type(within(dialog).getByLabelText(/Check number/), '10443')
    await user.click(within(dialog).getByRole('button', { name: 'Record check paid' }))
    expect(await screen.findByTestId('staff-feedback')).toHaveTextContent('refund-paid done for p-3')
    expect(api.posts[0]).toMatchObject({ path: '/policy/p-3/refund-paid' })
    expect((api.posts[0].body as { checkNumber: string }).checkNumber).toBe('10443')
    expect((api.posts[0].body as { paidOn: string }).paidOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('Audit log: who did what, newest first', async () => {
    serveStaff(supportPerson)
    renderStaff('/staff?tab=audit')
    const table = await screen.findByRole('table', { name: 'Audit log, newest first' })
    const row = within(table).getAllByRole('row')[1]
    expect(row).toHaveTextContent(atMillis(auditEntry.at))
    expect(row).toHaveTextContent('Ana Support')
    expect(row).toHaveTextContent('ana@coverline.example')
    expect(row).toHaveTextContent('resendEmails')
    expect(row).toHaveTextContent('sent the receipt and the contract copy')
  })
})
