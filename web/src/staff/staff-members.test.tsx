import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { money } from './staff-format'
import { purchase, renderStaff, serveStaff, supportPerson } from './staff-test-kit'

const SEARCH_LABEL = 'Email, contract number, policy or workflow id'

describe('staff console: members', () => {
  it('a search shows the member found and their purchases; clicking one opens its detail', async () => {
    const api = serveStaff(supportPerson, {
      purchase: { ...purchase, workflow: { ...purchase.workflow, problem: 'Temporal did not answer the query' } },
    })
    const { user, history } = renderStaff()
    await user.type(await screen.findByLabelText(SEARCH_LABEL), 'jane@example.com')
    await user.click(screen.getByRole('button', { name: 'Search' }))

    const member = await screen.findByTestId('staff-member')
    expect(within(member).getByRole('heading', { level: 3, name: 'Jane Doe' })).toBeInTheDocument()
    expect(member).toHaveTextContent('jane@example.com')
    expect(member).toHaveTextContent('summit-cu')
    expect(member).toHaveTextContent('confirmation')
    expect(api.getsOf('/search')[0].searchParams.get('q')).toBe('jane@example.com')
    const purchases = within(member).getByRole('table', { name: 'Purchases of Jane Doe' })
    expect(
      within(purchases)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Policy', 'Status', 'Contract number', 'Updated'])
    expect(purchases).toHaveTextContent('MMP-0001')

    await user.click(within(purchases).getByRole('button', { name: 'p-1' }))
    const detail = await screen.findByTestId('staff-purchase')
    expect(history.location.search).toBe('?policy=p-1')
    const summary = await within(detail).findByTestId('staff-purchase-summary')
    expect(summary).toHaveTextContent('Jane Doe')
    expect(summary).toHaveTextContent('5YJ3E1EA7KF317000')
    expect(summary).toHaveTextContent('Platinum')
    expect(summary).toHaveTextContent(money(189_900))
    expect(money(189_900)).toBe('$1,899.00')

    const workflow = within(detail).getByTestId('staff-workflow')
    expect(workflow).toHaveTextContent('Running')
    expect(workflow).toHaveTextContent('84')
    expect(workflow).toHaveTextContent('SendContractEmail')
    expect(workflow).toHaveTextContent('smtp: connection refused')
    expect(within(workflow).getByText('Temporal did not answer the query')).toBeInTheDocument()
    const temporal = within(workflow).getByRole('link', { name: 'Open in Temporal UI' })
    expect(temporal).toHaveAttribute('href', purchase.workflow.historyUrl)
    expect(temporal).toHaveAttribute('target', '_blank')
    expect(temporal).toHaveAttribute('rel', 'noopener')

    const timeline = within(detail).getByRole('table', { name: 'Timeline' })
    expect(within(timeline).getAllByRole('row')).toHaveLength(3)
    expect(timeline).toHaveTextContent('Ana Support <ana@coverline.example>')

    expect(within(detail).getByRole('button', { name: 'Retry booking' })).toBeEnabled()
    expect(within(detail).getByRole('button', { name: 'Record check paid…' })).toBeDisabled()
    expect(within(detail).getByRole('button', { name: 'Record paper copy mailed' })).toBeDisabled()

    await user.click(within(detail).getByRole('button', { name: 'Back to the results' }))
    expect(await screen.findByTestId('staff-member')).toBeInTheDocument()
    expect(history.location.search).toBe('')
  })

  it('says when no member is found', async () => {
    serveStaff(supportPerson, { search: [] })
    const { user } = renderStaff()
    await user.type(await screen.findByLabelText(SEARCH_LABEL), 'nobody@example.com')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('No member found.')).toBeInTheDocument()
  })

  it('a purchase in the URL opens again on reload, with its paper copy and refund', async () => {
    serveStaff(supportPerson, {
      purchase: {
        ...purchase,
        status: 'cancelled',
        paperCopy: { reason: 'requested', requestedAt: 1_764_000_000, mailedAt: null, mailedBy: null },
        refund: { refundBy: 'check', refundCents: 115_025, dueBy: '2026-03-03', paidAt: null, checkNumber: null },
      },
    })
    renderStaff('/staff?tab=members&policy=p-1')
    expect(await screen.findByTestId('staff-paper-copy')).toHaveTextContent('requested')
    const refund = screen.getByTestId('staff-refund')
    expect(refund).toHaveTextContent('$1,150.25')
    expect(refund).toHaveTextContent('Mar 3, 2026')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument())
  })
})
