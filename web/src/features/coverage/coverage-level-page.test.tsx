import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { fill, labels, messages, screens } from '../../lib/product'
import { institution } from '../../test/fixtures'
import { server } from '../../test/msw-server'
import { answer } from '../../test/respond'
import { dismissImpactModal, renderAtCoverage } from '../../test/render-app'
import { DEFAULT_QUOTE_MODAL_TEXT } from './coverage-dialogs'

function withSettings(settings: Partial<typeof institution.applicationSettings>) {
  server.use(
    http.get('*/api/institution/:iid', () =>
      answer('institution', { ...institution, applicationSettings: { ...institution.applicationSettings, ...settings } }),
    ),
  )
}

describe('coverage page', () => {
  it('shows the impact modal once per session, with the default text', async () => {
    const { user } = await renderAtCoverage()
    const modal = await screen.findByRole('dialog', { name: labels.whyCoverageMatters })
    expect(within(modal).getByText(DEFAULT_QUOTE_MODAL_TEXT[0])).toBeInTheDocument()
    await dismissImpactModal(user)
    await user.click(screen.getByTestId('back-button'))
    await user.click(await screen.findByTestId('years-to-own-submit'))
    await screen.findByTestId('rate-card')
    expect(screen.queryByTestId('impact-modal')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: labels.purchase })).toBeInTheDocument()
  })

  it("shows the institution's quote-modal text when it has one", async () => {
    withSettings({ institutionQuoteModalText: 'Summit members save on every repair.' })
    await renderAtCoverage()
    const modal = await screen.findByRole('dialog', { name: labels.whyCoverageMatters })
    expect(within(modal).getByText('Summit members save on every repair.')).toBeInTheDocument()
  })

  it(`asks about expert guidance: '${labels.noThanks}' stays, '${screens.coverage.yesButton}' goes to contact-me with the member checkboxes`, async () => {
    const { user } = await renderAtCoverage()
    await dismissImpactModal(user)
    await user.click(screen.getByRole('button', { name: labels.requestExpertGuidance }))
    const dialog = await screen.findByRole('dialog', { name: labels.requestExpertGuidance })
    expect(within(dialog).getByText(messages.expertGuidanceQuestion)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: labels.noThanks }))
    await waitFor(() => expect(screen.queryByTestId('expert-guidance-dialog')).not.toBeInTheDocument())
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/coverage/level')

    await user.click(screen.getByRole('button', { name: labels.requestExpertGuidance }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: screens.coverage.yesButton }))
    await screen.findByTestId('contact-me-page')
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/contact-me'))
    expect(screen.getByTestId('member-checkboxes')).toBeInTheDocument()
    expect(screen.getByTestId('contact-email')).toHaveValue('jane@example.com')
  })

  it(`hides '${labels.requestPaymentOption}' when the institution does not allow it`, async () => {
    const { user } = await renderAtCoverage()
    await dismissImpactModal(user)
    expect(screen.queryByRole('button', { name: labels.requestPaymentOption })).not.toBeInTheDocument()
  })

  it(`offers '${labels.requestPaymentOption}' when allowed; it opens contact-me`, async () => {
    withSettings({ allowPaymentOptions: true })
    const { user } = await renderAtCoverage()
    await dismissImpactModal(user)
    await user.click(screen.getByRole('button', { name: labels.requestPaymentOption }))
    expect(await screen.findByText(/walk you through the payment options/)).toBeInTheDocument()
  })

  it('shows the tax line under the card when the rate carries tax in a taxed state', async () => {
    const { user } = await renderAtCoverage()
    await dismissImpactModal(user)
    expect(screen.getByTestId('tax-note')).toHaveTextContent(fill(screens.coverage.taxNote, { amount: '$56.97' }))
  })
})
