import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ContactRequestBody } from '../../api/types'
import { CONTACT_FORWARDED } from '../../flow/messages'
import { server } from '../../test/msw-server'
import { answer, apiError } from '../../test/respond'
import { dismissImpactModal, fillPersonalDetails, renderApp, renderAtCoverage } from '../../test/render-app'

/** Records every contact request the app sends. */
function recordContactRequests() {
  const sent: Array<{ body: ContactRequestBody; anonymous: boolean }> = []
  server.use(
    http.put('*/api/institution/:iid/user/:uid/contact-request', async ({ request }) => {
      sent.push({ body: (await request.json()) as ContactRequestBody, anonymous: false })
      return answer('member_request', { contactRequestId: 'cr-1' }, 202)
    }),
    http.post('*/api/institution/:iid/contact-request', async ({ request }) => {
      sent.push({ body: (await request.json()) as ContactRequestBody, anonymous: true })
      return answer('anonymous_request', { contactRequestId: 'cr-2' }, 202)
    }),
  )
  return sent
}

describe('personal details -> non-member contact -> thank-you', () => {
  it('asks for membership, sends a non-member to institution-contact, and thank-you sends once (StrictMode)', async () => {
    const sent = recordContactRequests()
    const { user } = await renderAtCoverage({ strict: true })
    await dismissImpactModal(user)
    await user.click(screen.getByRole('button', { name: 'Purchase' }))

    await fillPersonalDetails(user)
    await user.click(screen.getByTestId('personal-details-submit'))
    expect(await screen.findByText('Please indicate if you are a member of Summit Credit Union')).toBeInTheDocument()
    await user.click(screen.getByTestId('member-no'))
    await user.click(screen.getByTestId('personal-details-submit'))

    await screen.findByTestId('institution-contact-page')
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/institution-contact'))
    expect(screen.getByTestId('contact-first-name')).toHaveValue('Jane')
    expect(screen.getByTestId('contact-phone')).toHaveValue('(303) 555-0142')
    expect(screen.queryByTestId('member-checkboxes')).not.toBeInTheDocument()
    expect(screen.getByTestId('promotional-consent')).toBeChecked()
    await user.click(screen.getByTestId('contact-submit'))

    await screen.findByTestId('thank-you-page')
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/thank-you'))
    expect(screen.getByTestId('thank-you-name')).toHaveTextContent('Jane Doe')
    expect(screen.getByTestId('thank-you-phone')).toHaveTextContent('(303) 555-0142')
    expect(screen.getByTestId('thank-you-email')).toHaveTextContent('jane@example.com')
    expect(screen.getByTestId('thank-you-institution')).toHaveTextContent(
      'Questions in the meantime? Call Summit Credit Union at (800) 555-0142.',
    )
    await waitFor(() => expect(sent).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sent).toHaveLength(1)
    expect(sent[0].body).toMatchObject({
      pageUserBouncedFrom: 'notAMember',
      doesConsentToEmail: true,
      collectedInfo: {
        firstName: 'Jane',
        lastName: 'Doe',
        phoneNumber: '3035550142',
        emailAddress: 'jane@example.com',
        vin: '5YJ3E1EA7KF317000',
      },
    })
  })

  it('validates the contact form with the spec texts', async () => {
    const { user } = await renderAtCoverage()
    await dismissImpactModal(user)
    await user.click(screen.getByRole('button', { name: 'Request expert guidance' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }))
    await screen.findByTestId('contact-me-page')
    await user.click(screen.getByTestId('contact-submit'))
    expect(await screen.findAllByText('Field is required')).toHaveLength(3)
    await user.type(screen.getByTestId('contact-phone'), '30355')
    await user.click(screen.getByTestId('contact-submit'))
    expect(await screen.findByText('Phone number must be 10 digits long')).toBeInTheDocument()
  })
})

describe('the shared error page', () => {
  async function toInvalidState() {
    const view = renderApp('/summit-cu/splash')
    const { user } = view
    await user.type(await screen.findByTestId('email-input'), 'jane@example.com')
    await user.click(screen.getByTestId('email-submit'))
    await user.selectOptions(await screen.findByTestId('state-select'), 'WA')
    await user.click(screen.getByTestId('state-submit'))
    await screen.findByTestId('invalid-state-page')
    return view
  }

  it('has the consent ticked by default, then forwards the contact information', async () => {
    const sent = recordContactRequests()
    const { user } = await toInvalidState()
    expect(screen.getByTestId('back-button')).toBeInTheDocument()
    expect(screen.getByTestId('promotional-consent')).toBeChecked()
    await user.click(screen.getByTestId('contact-representative'))
    expect(await screen.findByText(CONTACT_FORWARDED)).toBeInTheDocument()
    expect(screen.queryByTestId('contact-representative')).not.toBeInTheDocument()
    expect(sent.map((request) => request.anonymous)).toEqual([false])
    expect(sent[0].body).toEqual(
      expect.objectContaining({
        pageUserBouncedFrom: 'stateContactRequest',
        doesConsentToEmail: true,
        collectedInfo: { emailAddress: 'jane@example.com', chosenStateOfResidence: 'WA', state: 'WA' },
      }),
    )
  })

  it('sends the consent as unticked', async () => {
    const sent = recordContactRequests()
    const { user } = await toInvalidState()
    await user.click(screen.getByTestId('promotional-consent'))
    await user.click(screen.getByTestId('contact-representative'))
    await screen.findByText(CONTACT_FORWARDED)
    expect(sent[0].body.doesConsentToEmail).toBe(false)
  })

  it('has no consent checkbox when the institution does not ask for it', async () => {
    const { institution } = await import('../../test/fixtures')
    server.use(
      http.get('*/api/institution/:iid', () =>
        answer('institution', { ...institution, branding: { ...institution.branding, shouldHavePromotionalCheckbox: false } }),
      ),
    )
    await toInvalidState()
    expect(screen.queryByTestId('promotional-consent')).not.toBeInTheDocument()
  })

  it('user-creation error: sends the request without a user', async () => {
    const sent = recordContactRequests()
    server.use(http.post('*/api/institution/:iid/user', () => apiError('internal', 'x', 500)))
    const { user } = renderApp('/summit-cu/splash')
    await user.type(await screen.findByTestId('email-input'), 'New@Example.com')
    await user.click(screen.getByTestId('email-submit'))
    await screen.findByTestId('user-creation-error-page')
    await user.click(screen.getByTestId('contact-representative'))
    expect(await screen.findByText(CONTACT_FORWARDED)).toBeInTheDocument()
    expect(sent.map((request) => request.anonymous)).toEqual([true])
    expect(sent[0].body).toEqual(
      expect.objectContaining({ pageUserBouncedFrom: 'userCreationError', collectedInfo: { emailAddress: 'new@example.com' } }),
    )
  })
})
