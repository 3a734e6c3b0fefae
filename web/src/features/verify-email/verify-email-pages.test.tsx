import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fill, limits, screens } from '../../lib/product'
import { user as member } from '../../test/fixtures'
import { dismissImpactModal, fillPersonalDetails, renderAtCoverage } from '../../test/render-app'

const TEXTS = screens.verifyEmail
const digits = String(limits.codeDigits)

/** The whole app on the send-email page: a member's details given. */
async function toSendEmail() {
  const view = await renderAtCoverage()
  await dismissImpactModal(view.user)
  await view.user.click(screen.getByTestId('purchase-button'))
  await fillPersonalDetails(view.user)
  await view.user.click(screen.getByTestId('member-yes'))
  await view.user.click(screen.getByTestId('personal-details-submit'))
  await screen.findByTestId('validate-email')
  return view
}

describe('verify email', () => {
  it('says what the code is for, shows the address locked until Edit, then says where the code went', async () => {
    const { user } = await toSendEmail()
    expect(screen.getByText(fill(TEXTS.intro, { digits }))).toBeInTheDocument()
    const address = screen.getByLabelText(TEXTS.emailLabel)
    expect(address).toBe(screen.getByTestId('verify-email-input'))
    expect(address).toBeDisabled()
    await user.click(screen.getByRole('button', { name: TEXTS.editButton }))
    expect(address).toBeEnabled()
    expect(screen.getByTestId('validate-email')).toHaveTextContent(TEXTS.validateButton)

    await user.click(screen.getByTestId('validate-email'))
    expect(await screen.findByTestId('email-sent-message')).toHaveTextContent(
      fill(TEXTS.codeSent, { digits, emailAddress: member.emailAddress }),
    )
    expect(screen.getByLabelText(TEXTS.codeLabel)).toBe(screen.getByTestId('code-input'))
    expect(screen.getByTestId('code-submit')).toHaveTextContent(TEXTS.submitButton)
  })
})
