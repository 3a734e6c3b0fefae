import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import type { PolicyLookupBody } from '../../api/types'
import { fieldErrors, fill, labels, messages, screens } from '../../lib/product'
import { cancellationQuoteFreeLook, cancellationTerms, institution } from '../../test/fixtures'
import { server } from '../../test/msw-server'
import { fakeTab } from '../../test/fake-tab'
import { answer, apiError } from '../../test/respond'
import { renderApp } from '../../test/render-app'

const PAGE = '/summit-cu/user/u-1/policy/p-1'
const VERIFY = '*/api/institution/:iid/user/:uid/verifydetails/:policyId'
const DOCUMENT = '/api/institution/summit-cu/user/u-1/fetchdocument/p-1?token=doc-token'
const CANCELLATION = '*/api/institution/:iid/user/:uid/policy/:policyId/cancellation'
/** The speed bump's support line for Summit (test/fixtures' institution). */
const SUPPORT_LINE = fill(screens.findContract.contactSupportAt, { institution: 'Summit Credit Union', phone: '(800) 555-0142' })

let open: MockInstance<typeof window.open>

beforeEach(() => {
  open = vi.spyOn(window, 'open').mockReturnValue(null)
})

afterEach(() => {
  open.mockRestore()
})

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], lastname = 'Doe', zipcode = '80202') {
  await user.clear(screen.getByTestId('contract-last-name'))
  await user.type(screen.getByTestId('contract-last-name'), lastname)
  await user.clear(screen.getByTestId('contract-zip'))
  await user.type(screen.getByTestId('contract-zip'), zipcode)
  await user.click(screen.getByTestId('find-contract-submit'))
}

describe('find your contract', () => {
  it('sends its pageview once, anonymously, with the route and not the ids (issue 28)', async () => {
    const hits: Array<{ pagePath?: string; pageTitle?: string; hitType?: string }> = []
    server.use(
      http.post('*/api/institution/:iid/analytics', async ({ request }) => {
        hits.push(((await request.json()) as { data: (typeof hits)[number] }).data)
        return new Response(null, { status: 202 })
      }),
    )
    renderApp(PAGE)
    await screen.findByTestId('find-contract-page')
    await waitFor(() => expect(hits).toHaveLength(1))
    expect(hits[0]).toMatchObject({
      hitType: 'pageview',
      pagePath: '/summit-cu/user/:userId/policy/:policyId',
      pageTitle: labels.findYourContract,
    })
  })

  it('is reachable without a session and does not start the purchase flow', async () => {
    let usersCreated = 0
    server.use(
      http.post('*/api/institution/:iid/user', () => {
        usersCreated += 1
        return undefined
      }),
    )
    renderApp(PAGE)
    expect(await screen.findByTestId('find-contract-page')).toBeInTheDocument()
    expect(screen.getByTestId('page-title')).toHaveTextContent(labels.findYourContract)
    expect(screen.getByTestId('institution-logo')).toHaveAttribute('alt', 'Summit Credit Union')
    expect(screen.queryByTestId('progress-bar')).not.toBeInTheDocument()
    expect(screen.queryByTestId('back-button')).not.toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByTestId('location')).toHaveTextContent(PAGE)
    expect(usersCreated).toBe(0)
  })

  it('keeps every other /user route behind the session', async () => {
    for (const path of ['/summit-cu/user/u-1/policy', '/summit-cu/user/car/mileage', '/summit-cu/user/confirmation']) {
      const view = renderApp(path)
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/splash'))
      expect(await screen.findByTestId('email-input')).toBeInTheDocument()
      view.unmount()
    }
  })

  it('checks the required fields and the zip mask, and sends the trimmed last name and zip', async () => {
    let body: unknown
    server.use(
      http.post(VERIFY, async ({ request }) => {
        body = await request.json()
        expect(request.headers.get('Authorization')).toBeNull()
        return undefined
      }),
    )
    const { user } = renderApp(PAGE)
    await user.click(await screen.findByTestId('find-contract-submit'))
    expect(await screen.findAllByText(fieldErrors.required)).toHaveLength(2)
    await fillAndSubmit(user, 'O’Brien', '802')
    expect(await screen.findByText(fieldErrors.findZip)).toBeInTheDocument()
    // The last name's letters are the server's rule: nothing about them before it answers.
    expect(screen.queryByText(fieldErrors.lettersAndSpaces)).not.toBeInTheDocument()
    expect(body).toBeUndefined()
    await user.type(screen.getByTestId('contract-zip'), '02abc9')
    expect(screen.getByTestId('contract-zip')).toHaveValue('80202')
    await fillAndSubmit(user, ' Doe ', '80202')
    await screen.findByTestId('contract-opened')
    expect(body).toEqual({ lastname: 'Doe', zipcode: '80202' })
  })

  it("shows the server's refusal of the last name under Last name, without the dialog, then sends the fixed one", async () => {
    const sent: PolicyLookupBody[] = []
    server.use(
      // verifydetails' own rule (api/src/http/routes/document.rs parse_details): letters and spaces.
      http.post<never, PolicyLookupBody>(VERIFY, async ({ request }) => {
        const details = await request.json()
        sent.push(details)
        return /^[\p{Alphabetic} ]+$/u.test(details.lastname ?? '')
          ? undefined
          : apiError('validation', fieldErrors.lettersAndSpaces, 400, 'lastname')
      }),
    )
    const { user } = renderApp(PAGE)
    await screen.findByTestId('find-contract-page')
    await fillAndSubmit(user, 'O’Brien', '80202')
    const lastName = screen.getByTestId('contract-last-name')
    await waitFor(() => expect(lastName).toHaveAccessibleDescription(fieldErrors.lettersAndSpaces))
    expect(lastName).toHaveAttribute('aria-invalid', 'true')
    expect(lastName).toHaveFocus()
    expect(screen.getByTestId('contract-zip')).not.toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(open).not.toHaveBeenCalledWith(DOCUMENT, expect.anything(), expect.anything())
    await fillAndSubmit(user, 'Müller', '80202')
    await screen.findByTestId('contract-opened')
    expect(screen.queryByText(fieldErrors.lettersAndSpaces)).not.toBeInTheDocument()
    expect(sent.map((details) => details.lastname)).toEqual(['O’Brien', 'Müller'])
  })

  it("shows the server's refusal of the zip under the zip field", async () => {
    // The mask lets only digits in, so a non-numeric zip reaches the server only from another client;
    // whatever verifydetails says about `zipcode` shows under the zip.
    server.use(http.post(VERIFY, () => apiError('validation', fieldErrors.numbersOnly, 400, 'zipcode')))
    const { user } = renderApp(PAGE)
    await screen.findByTestId('find-contract-page')
    await fillAndSubmit(user)
    const zip = screen.getByTestId('contract-zip')
    await waitFor(() => expect(zip).toHaveAccessibleDescription(fieldErrors.numbersOnly))
    expect(zip).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByTestId('contract-last-name')).not.toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('shows the speed bump for a refusal of a field the form does not have', async () => {
    server.use(http.post(VERIFY, () => apiError('validation', fieldErrors.required, 400, 'policyId')))
    const { user } = renderApp(PAGE)
    await screen.findByTestId('find-contract-page')
    await fillAndSubmit(user)
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent(SUPPORT_LINE)
    expect(screen.getByTestId('contract-last-name')).not.toHaveAttribute('aria-invalid', 'true')
  })

  it('opens the contract in a new tab, then disables the form and offers a plain link', async () => {
    const { user } = renderApp(PAGE)
    await screen.findByTestId('find-contract-page')
    await fillAndSubmit(user)
    expect(await screen.findByTestId('contract-opened')).toHaveTextContent(
      `${messages.contractOpened} ${fill(screens.findContract.openedFallback, { link: screens.findContract.openHereLink })}`,
    )
    // The blank tab of the click was blocked (window.open gave null): the link opens directly.
    expect(open).toHaveBeenLastCalledWith(DOCUMENT, '_blank', 'noopener')
    expect(screen.getByTestId('contract-link')).toHaveAttribute('href', DOCUMENT)
    expect(screen.getByTestId('contract-link')).toHaveAttribute('target', '_blank')
    expect(screen.getByTestId('contract-last-name')).toBeDisabled()
    expect(screen.getByTestId('contract-zip')).toBeDisabled()
    expect(screen.getByTestId('find-contract-submit')).toBeDisabled()
  })

  it('asks for a paper copy with the link token and says what happens; a failure can be tried again', async () => {
    const bodies: unknown[] = []
    let fail = true
    server.use(
      http.post('*/api/institution/:iid/user/:uid/policy/:policyId/papercopy', async ({ request }) => {
        bodies.push(await request.json())
        if (fail) {
          fail = false
          return apiError('internal', messages.somethingWentWrong, 500)
        }
        return answer('request_paper_copy', { message: messages.paperCopyRequested }, 202)
      }),
    )
    const { user } = renderApp(PAGE)
    await screen.findByTestId('find-contract-page')
    await fillAndSubmit(user)
    await user.click(await screen.findByRole('button', { name: labels.requestPaperCopy }))
    expect(await screen.findByTestId('paper-copy-error')).toHaveTextContent(messages.somethingWentWrong)
    await user.click(screen.getByRole('button', { name: labels.requestPaperCopy }))
    expect(await screen.findByTestId('paper-copy-requested')).toHaveTextContent(messages.paperCopyRequested)
    expect(screen.queryByRole('button', { name: labels.requestPaperCopy })).not.toBeInTheDocument()
    expect(screen.queryByTestId('paper-copy-error')).not.toBeInTheDocument()
    expect(bodies).toEqual([{ token: 'doc-token' }, { token: 'doc-token' }])
  })

  it("below the found contract: the state's rules, and cancelling with the odometer reading today, its quote and the code", async () => {
    let body: unknown
    server.use(
      // Read from a copy: the default handler reads the request's own body.
      http.post(CANCELLATION, async ({ request }) => {
        body = await request.clone().json()
        return undefined
      }),
    )
    const { user } = renderApp(PAGE)
    await screen.findByTestId('find-contract-page')
    await fillAndSubmit(user)
    const terms = await screen.findByTestId('cancellation-terms')
    expect(terms).toHaveTextContent(
      fill(messages.cancelWithinMoneyBack, { date: cancellationTerms.moneyBackEnds, amount: cancellationTerms.amountPaid }),
    )
    expect(terms).toHaveTextContent(messages.cancelQuoteIntro)
    expect(screen.getByTestId('cancellation-rules')).toHaveTextContent(
      fill(messages.cancelQuoteRules, { state: 'Colorado', rules: cancellationTerms.rules }),
    )
    expect(screen.getByTestId('cancellation-rules')).toHaveTextContent(
      fill(messages.cancelQuoteSource, { source: cancellationTerms.source }),
    )

    await user.click(screen.getByRole('button', { name: labels.cancelMyContract }))
    const dialog = await screen.findByRole('dialog', { name: messages.cancelContractTitle })
    await user.type(within(dialog).getByTestId('cancel-odometer'), '46250')
    await user.click(within(dialog).getByTestId('cancel-attest'))
    await user.click(within(dialog).getByTestId('cancel-see-refund'))
    expect(await within(dialog).findByTestId('cancel-quote')).toHaveTextContent(
      fill(messages.cancelQuoteFreeLook, {
        days: '30',
        date: cancellationTerms.moneyBackEnds,
        refund: cancellationQuoteFreeLook.refund,
        dueBy: cancellationQuoteFreeLook.dueBy,
      }),
    )
    await user.click(within(dialog).getByRole('button', { name: labels.confirmCancel }))
    await user.type(await within(dialog).findByLabelText(labels.cancellationCode), '123456')
    await user.click(within(dialog).getByRole('button', { name: labels.confirmCancellationCode }))
    expect(await screen.findByTestId('cancellation-outcome')).toHaveTextContent(
      fill(messages.contractCancelled, { amount: cancellationQuoteFreeLook.refund }),
    )
    expect(body).toEqual({ token: 'doc-token', code: '123456', odometer: 46_250, attested: true })
  })

  it('shows the speed bump with the institution phone when nothing matches, then lets the member try again', async () => {
    let attempts = 0
    server.use(
      http.post(VERIFY, () => {
        attempts += 1
        return attempts === 1 ? apiError('notFound', 'No contract matches.', 404) : undefined
      }),
    )
    const { user } = renderApp(PAGE)
    await screen.findByTestId('find-contract-page')
    await fillAndSubmit(user, 'Doe', '99999')
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(messages.retrievalFailedTitle)).toBeInTheDocument()
    expect(dialog).toHaveTextContent(`${messages.retrievalFailed} ${SUPPORT_LINE}`)
    expect(dialog).not.toHaveTextContent('No contract matches.')
    expect(open).not.toHaveBeenCalledWith(DOCUMENT, expect.anything(), expect.anything())
    await user.click(within(dialog).getByRole('button', { name: screens.findContract.okayButton }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByTestId('contract-zip')).toBeEnabled()
    expect(screen.getByTestId('contract-zip')).toHaveValue('99999')
    await fillAndSubmit(user)
    await screen.findByTestId('contract-opened')
    expect(open).toHaveBeenCalledWith(DOCUMENT, '_blank', 'noopener')
  })

  it.each([
    [429, 'rateLimited', 'Too many tries. Please wait a few minutes.'],
    [500, 'internal', 'Something went wrong.'],
  ] as const)('shows the support line for %i %s', async (status, code, message) => {
    server.use(http.post(VERIFY, () => apiError(code, message, status)))
    const { user } = renderApp(PAGE)
    await screen.findByTestId('find-contract-page')
    await fillAndSubmit(user)
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent(SUPPORT_LINE)
    expect(dialog).not.toHaveTextContent(message)
  })

  it.each([
    ['voided', messages.voidedUnpaid],
    ['notReady', 'The contract is still being prepared. Please try again in a few minutes.'],
  ] as const)("shows the API's message in the same dialog for %s", async (code, message) => {
    server.use(http.post(VERIFY, () => apiError(code, message, 409)))
    const { user } = renderApp(PAGE)
    await screen.findByTestId('find-contract-page')
    await fillAndSubmit(user)
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(messages.retrievalFailedTitle)).toBeInTheDocument()
    expect(within(dialog).getByText(message)).toBeInTheDocument()
    expect(dialog).not.toHaveTextContent(messages.retrievalFailed)
    await user.click(within(dialog).getByRole('button', { name: screens.findContract.okayButton }))
    await waitFor(() => expect(screen.getByTestId('find-contract-submit')).toBeEnabled())
  })

  describe('find your contract: the new tab and popup blockers', () => {
    /** The verifydetails answer held until `release` is called. */
    function holdAnswer(answerWith: () => Response | undefined = () => undefined) {
      let release = () => {}
      const released = new Promise<void>((resolve) => (release = resolve))
      server.use(
        http.post(VERIFY, async () => {
          await released
          return answerWith()
        }),
      )
      return () => release()
    }

    it('opens the tab in the click, before the API answers, then shows the contract in it', async () => {
      // Popup blockers let a page open a window only while it handles the member's click.
      const tab = fakeTab()
      open.mockReturnValue(tab as unknown as Window)
      const release = holdAnswer()
      const { user } = renderApp(PAGE)
      await screen.findByTestId('find-contract-page')
      await fillAndSubmit(user)
      expect(open).toHaveBeenCalledOnce()
      expect(open.mock.calls[0][0]).toBe('')
      expect(tab.opener).toBeNull()
      expect(tab.location.replace).not.toHaveBeenCalled()
      release()
      await screen.findByTestId('contract-opened')
      expect(tab.location.replace).toHaveBeenCalledExactlyOnceWith(new URL(DOCUMENT, window.location.href).href)
      expect(open).toHaveBeenCalledOnce()
      expect(tab.close).not.toHaveBeenCalled()
    })

    it('closes the tab when no contract matches', async () => {
      const tab = fakeTab()
      open.mockReturnValue(tab as unknown as Window)
      const release = holdAnswer(() => apiError('notFound', 'No contract matches.', 404))
      const { user } = renderApp(PAGE)
      await screen.findByTestId('find-contract-page')
      await fillAndSubmit(user, 'Doe', '99999')
      expect(open).toHaveBeenCalledOnce()
      release()
      await screen.findByRole('dialog')
      expect(tab.close).toHaveBeenCalledOnce()
      expect(tab.location.replace).not.toHaveBeenCalled()
    })

    it('closes the tab when the server refuses a field, and opens none for a form that is not valid', async () => {
      const tab = fakeTab()
      open.mockReturnValue(tab as unknown as Window)
      server.use(http.post(VERIFY, () => apiError('validation', fieldErrors.numbersOnly, 400, 'zipcode')))
      const { user } = renderApp(PAGE)
      await screen.findByTestId('find-contract-page')
      await fillAndSubmit(user)
      await waitFor(() => expect(screen.getByTestId('contract-zip')).toHaveAttribute('aria-invalid', 'true'))
      expect(tab.close).toHaveBeenCalledOnce()
      open.mockClear()
      await fillAndSubmit(user, 'Doe', '802')
      expect(await screen.findByText(fieldErrors.findZip)).toBeInTheDocument()
      expect(open).not.toHaveBeenCalled()
    })
  })

  describe('find your contract: institution', () => {
    it('shows the inactive dialog for an inactive institution', async () => {
      server.use(http.get('*/api/institution/:iid', () => answer('institution', { ...institution, isActive: false })))
      renderApp(PAGE)
      expect(await screen.findByText('Oops...')).toBeInTheDocument()
      expect(screen.queryByTestId('find-contract-page')).not.toBeInTheDocument()
    })
  })
})
