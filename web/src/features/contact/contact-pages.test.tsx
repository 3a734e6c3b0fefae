import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ContactRequestBody } from '../../api/types'
import { fieldErrors, fill, labels, messages, screens } from '../../lib/product'
import { server } from '../../test/msw-server'
import { car, institution, quote, user as member } from '../../test/fixtures'
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
    expect(await screen.findByText(fill(fieldErrors.memberQuestion, { institution: 'Summit Credit Union' }))).toBeInTheDocument()
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
    expect(screen.getByRole('heading', { name: fill(screens.contact.thankYouNamed, { firstName: 'Jane' }) })).toBeInTheDocument()
    expect(screen.getByTestId('thank-you-institution')).toHaveTextContent(
      fill(screens.contact.questionsInTheMeantime, { institution: 'Summit Credit Union', phone: '(800) 555-0142' }),
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
    await user.click(screen.getByRole('button', { name: labels.requestExpertGuidance }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }))
    await screen.findByTestId('contact-me-page')
    await user.click(screen.getByTestId('contact-submit'))
    expect(await screen.findAllByText(fieldErrors.required)).toHaveLength(3)
    await user.type(screen.getByTestId('contact-phone'), '30355')
    await user.click(screen.getByTestId('contact-submit'))
    expect(await screen.findByText(fieldErrors.phoneTenDigits)).toBeInTheDocument()
    // The contact request's server side does not check names: the form keeps the letters rule (Unicode letters, as PersonName).
    await user.type(screen.getByTestId('contact-first-name'), 'J0se')
    await user.type(screen.getByTestId('contact-last-name'), 'Núñez')
    await user.click(screen.getByTestId('contact-submit'))
    await waitFor(() => expect(screen.getByTestId('contact-first-name')).toHaveAccessibleDescription(fieldErrors.nameLetters))
    expect(screen.getByTestId('contact-last-name')).not.toHaveAttribute('aria-invalid', 'true')
  })
})

describe("the contact form: the server's refusal of a field", () => {
  /** CollectedInfo::clean's text for a text over 200 characters (domain/src/collected.rs); not a product.json text. */
  const TOO_LONG = fieldErrors.tooLong

  it('goes back from thank-you to contact-me with an address the server refuses under Email (no session)', async () => {
    const sent: ContactRequestBody[] = []
    server.use(
      // EmailAddress::parse (domain/src/contact.rs): DNS labels of at most 63 characters.
      http.post('*/api/institution/:iid/contact-request', async ({ request }) => {
        const body = (await request.json()) as ContactRequestBody
        sent.push(body)
        const domain = body.collectedInfo?.emailAddress?.split('@')[1] ?? ''
        return domain.split('.').every((label) => label.length <= 63)
          ? answer('anonymous_request', { contactRequestId: 'cr-2' }, 202)
          : apiError('validation', fieldErrors.invalidEmail, 400, 'emailAddress')
      }),
      http.post('*/api/institution/:iid/user', () => apiError('internal', 'x', 500)),
    )
    const { user } = renderApp('/summit-cu/splash')
    await user.type(await screen.findByTestId('email-input'), 'jane@example.com')
    await user.click(screen.getByTestId('email-submit'))
    await user.click(await screen.findByTestId('contact-me-link'))
    await user.type(await screen.findByTestId('contact-first-name'), 'Jane')
    await user.type(screen.getByTestId('contact-last-name'), 'Doe')
    await user.type(screen.getByTestId('contact-phone'), '3035550142')
    const tooLongALabel = `jane@${'a'.repeat(64)}.com`
    await user.clear(screen.getByTestId('contact-email'))
    await user.type(screen.getByTestId('contact-email'), tooLongALabel)
    await user.click(screen.getByTestId('contact-submit'))

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/contact-me'))
    const email = await screen.findByTestId('contact-email')
    await waitFor(() => expect(email).toHaveAccessibleDescription(fieldErrors.invalidEmail))
    expect(email).toHaveValue(tooLongALabel)
    expect(email).toHaveFocus()
    expect(screen.getByTestId('contact-first-name')).toHaveValue('Jane')
    expect(screen.queryByTestId('thank-you-page')).not.toBeInTheDocument()

    await user.clear(email)
    await user.type(email, 'jane@example.com')
    await user.click(screen.getByTestId('contact-submit'))
    await screen.findByTestId('thank-you-page')
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(screen.queryByTestId('contact-retry')).not.toBeInTheDocument()
    expect(sent.map((body) => body.collectedInfo?.emailAddress)).toEqual([tooLongALabel, 'jane@example.com'])
  })

  it('goes back to the non-member contact form with a refused last name under Last name (session)', async () => {
    server.use(
      http.put('*/api/institution/:iid/user/:uid/contact-request', async ({ request }) => {
        const body = (await request.json()) as ContactRequestBody
        return (body.collectedInfo?.lastName?.length ?? 0) > 200
          ? apiError('validation', TOO_LONG, 400, 'collectedInfo.lastName')
          : answer('member_request', { contactRequestId: 'cr-1' }, 202)
      }),
    )
    const { user } = await renderAtCoverage()
    await dismissImpactModal(user)
    await user.click(screen.getByRole('button', { name: 'Purchase' }))
    await fillPersonalDetails(user)
    await user.click(screen.getByTestId('member-no'))
    await user.click(screen.getByTestId('personal-details-submit'))
    const lastName = await screen.findByTestId('contact-last-name')
    await user.clear(lastName)
    await user.click(lastName)
    await user.paste('D'.repeat(201))
    await user.click(screen.getByTestId('contact-submit'))

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/institution-contact'))
    await waitFor(() => expect(screen.getByTestId('contact-last-name')).toHaveAccessibleDescription(TOO_LONG))
    expect(screen.getByTestId('institution-contact-page')).toBeInTheDocument()
    expect(screen.getByTestId('contact-first-name')).not.toHaveAttribute('aria-invalid', 'true')
  })

  it('stays on thank-you with its Try again for a refusal of a field the form does not have', async () => {
    server.use(
      http.put('*/api/institution/:iid/user/:uid/contact-request', () =>
        apiError('validation', TOO_LONG, 400, 'collectedInfo.vin'),
      ),
    )
    const { user } = await renderAtCoverage()
    await dismissImpactModal(user)
    await user.click(screen.getByRole('button', { name: labels.requestExpertGuidance }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }))
    await user.type(await screen.findByTestId('contact-first-name'), 'Jane')
    await user.type(screen.getByTestId('contact-last-name'), 'Doe')
    await user.type(screen.getByTestId('contact-phone'), '3035550142')
    await user.click(screen.getByTestId('contact-submit'))
    expect(await screen.findByTestId('contact-retry')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/thank-you'))
    expect(screen.queryByTestId('contact-me-page')).not.toBeInTheDocument()
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
    expect(await screen.findByText(messages.contactForwarded)).toBeInTheDocument()
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
    await screen.findByText(messages.contactForwarded)
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
    expect(await screen.findByText(messages.contactForwarded)).toBeInTheDocument()
    expect(sent.map((request) => request.anonymous)).toEqual([true])
    expect(sent[0].body).toEqual(
      expect.objectContaining({ pageUserBouncedFrom: 'userCreationError', collectedInfo: { emailAddress: 'new@example.com' } }),
    )
  })
})

describe('thank-you: who will reach out', () => {
  /** From the splash (user creation failing) through contact-me to thank-you, for an institution named `customProductName`. */
  async function thankYouFor(customProductName: string | null) {
    server.use(
      http.get('*/api/institution/:iid', () =>
        answer('institution', { ...institution, applicationSettings: { ...institution.applicationSettings, customProductName } }),
      ),
      http.post('*/api/institution/:iid/user', () => apiError('internal', 'x', 500)),
    )
    const { user } = renderApp('/summit-cu/splash')
    await user.type(await screen.findByTestId('email-input'), 'jane@example.com')
    await user.click(screen.getByTestId('email-submit'))
    await user.click(await screen.findByTestId('contact-me-link'))
    await user.type(await screen.findByTestId('contact-first-name'), 'Jane')
    await user.type(screen.getByTestId('contact-last-name'), 'Doe')
    await user.type(screen.getByTestId('contact-phone'), '3035550142')
    await user.click(screen.getByTestId('contact-submit'))
    return screen.findByTestId('thank-you-reach-out')
  }

  it("names the institution's custom product", async () => {
    expect(await thankYouFor('Summit Auto Shield')).toHaveTextContent(
      fill(messages.productWillReachOut, { product: 'Summit Auto Shield' }),
    )
  })

  it('names the default product without a custom name', async () => {
    expect(await thankYouFor(null)).toHaveTextContent(fill(messages.productWillReachOut, { product: labels.defaultProductName }))
  })
})

describe('thank-you: a way onward', () => {
  /** Coverage's 'Request expert guidance', Yes, then contact-me sent: the thank-you page. */
  async function thankYouFromCoverage(user: ReturnType<typeof renderApp>['user']) {
    await dismissImpactModal(user)
    await user.click(screen.getByRole('button', { name: labels.requestExpertGuidance }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }))
    const firstName = await screen.findByTestId('contact-first-name')
    await user.clear(firstName)
    await user.type(firstName, 'Jane')
    await user.clear(screen.getByTestId('contact-last-name'))
    await user.type(screen.getByTestId('contact-last-name'), 'Doe')
    await user.clear(screen.getByTestId('contact-phone'))
    await user.type(screen.getByTestId('contact-phone'), '3035550142')
    await user.click(screen.getByTestId('contact-submit'))
    await screen.findByTestId('thank-you-page')
  }

  it('starts again at the splash, the session forgotten', async () => {
    const sent = recordContactRequests()
    const { user } = await renderAtCoverage()
    await thankYouFromCoverage(user)
    await waitFor(() => expect(sent).toHaveLength(1))

    await user.click(await screen.findByRole('button', { name: labels.startAgain }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/splash'))
    expect(await screen.findByTestId('email-input')).toHaveValue('')
    expect(screen.queryByTestId('thank-you-page')).not.toBeInTheDocument()
  })

  it("in a partner's page (integration mode), starts again at the lookup choice: there is no splash there", async () => {
    recordContactRequests()
    server.use(
      http.post('*/api/institution/:iid/integration/:integratorId/session', () =>
        answer('session', {
          user: { ...member, firstName: 'Jane', lastName: 'Doe', phoneNumber: '3035550142', isMember: true },
          token: 't-partner',
          car,
          quote: { ...quote, state: 'CO' },
        }),
      ),
    )
    const { user } = renderApp('/summit-cu/user/integration/demo-partner/silent?launch=code-1')
    await screen.findByTestId('rate-card', {}, { timeout: 5000 })
    await thankYouFromCoverage(user)

    await user.click(await screen.findByRole('button', { name: labels.startAgain }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup'))
    expect(await screen.findByTestId('lookup-continue')).toBeInTheDocument()
  })
})
