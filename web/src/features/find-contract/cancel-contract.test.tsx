import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import type { CancellationTerms } from '../../api/types'
import { fill, labels, messages } from '../../lib/product'
import { cancellationTerms } from '../../test/fixtures'
import { server } from '../../test/msw-server'
import { answer, apiError } from '../../test/respond'
import { renderApp } from '../../test/render-app'

const PAGE = '/summit-cu/user/u-1/policy/p-1'
const CANCELLATION = '*/api/institution/:iid/user/:uid/policy/:policyId/cancellation'

let open: MockInstance<typeof window.open>

beforeEach(() => {
  open = vi.spyOn(window, 'open').mockReturnValue(null)
})

afterEach(() => {
  open.mockRestore()
})

const afterThePeriod: CancellationTerms = { ...cancellationTerms, withinMoneyBack: false, moneyBackEnds: 'May 1st, 2025' }

const CODE = `${CANCELLATION}/code`
const SENT = fill(messages.cancelCodeSent, { email: 'j•••@example.com' })

/** The terms GET answers with, every cancellation POST's URL and body, and the codes asked for. */
function serve(terms: CancellationTerms, post: () => Response = () => answer('cancel', { outcome: 'cancelled', terms }, 200)) {
  const termsAsked: string[] = []
  const posts: Array<{ url: string; body: unknown }> = []
  const codesAsked: unknown[] = []
  server.use(
    http.get(CANCELLATION, ({ request }) => {
      termsAsked.push(request.url)
      return answer('cancellation_terms', terms)
    }),
    http.post(CODE, async ({ request }) => {
      codesAsked.push(await request.json())
      return answer('send_code', { sentTo: 'j•••@example.com', message: SENT }, 202)
    }),
    http.post(CANCELLATION, async ({ request }) => {
      posts.push({ url: request.url, body: await request.json() })
      return post()
    }),
  )
  return { termsAsked, posts, codesAsked }
}

/** Confirms in the dialog, then enters the emailed code and confirms the cancellation with it. */
async function confirmWithCode(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, code = '123456') {
  await user.click(within(dialog).getByRole('button', { name: labels.confirmCancel }))
  expect(await within(dialog).findByTestId('cancel-code-sent')).toHaveTextContent(SENT)
  await user.type(within(dialog).getByLabelText(labels.cancellationCode), code)
  await user.click(within(dialog).getByRole('button', { name: labels.confirmCancellationCode }))
}

/** Finds the contract (Doe, 80202) and waits for its cancellation terms. */
async function findContract() {
  const view = renderApp(PAGE)
  await screen.findByTestId('find-contract-page')
  await view.user.type(screen.getByTestId('contract-last-name'), 'Doe')
  await view.user.type(screen.getByTestId('contract-zip'), '80202')
  await view.user.click(screen.getByTestId('find-contract-submit'))
  await screen.findByTestId('contract-opened')
  return view
}

function cancelButton() {
  return screen.findByRole('button', { name: labels.cancelMyContract })
}

async function openConfirmDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await cancelButton())
  return screen.findByRole('dialog', { name: messages.cancelContractTitle })
}

describe('find your contract: cancelling it', () => {
  it('within the money-back period: says it is voided and refunded in full, then cancels and shows the refund', async () => {
    const { termsAsked, posts, codesAsked } = serve(cancellationTerms, () =>
      answer('cancel', { outcome: 'cancelled', terms: { ...cancellationTerms, status: 'cancelled', cancellable: false } }, 200),
    )
    const { user } = await findContract()
    const terms = await screen.findByTestId('cancellation-terms')
    expect(terms).toHaveTextContent(fill(messages.cancelWithinMoneyBack, { date: 'July 4th, 2025', amount: '$1,899' }))
    expect(termsAsked).toHaveLength(1)
    expect(new URL(termsAsked[0]).pathname).toBe('/api/institution/summit-cu/user/u-1/policy/p-1/cancellation')
    expect(new URL(termsAsked[0]).searchParams.get('token')).toBe('doc-token')

    const dialog = await openConfirmDialog(user)
    expect(dialog).toHaveAccessibleDescription(fill(messages.cancelConfirmWithin, { contract: 'MMP-0001', amount: '$1,899' }))
    expect(posts).toHaveLength(0)
    // Confirming emails a code to the address on file: the link alone cancels nothing.
    await confirmWithCode(user, dialog)

    const outcome = await screen.findByTestId('cancellation-outcome')
    expect(outcome).toHaveTextContent(fill(messages.contractCancelled, { amount: '$1,899' }))
    expect(codesAsked).toEqual([{ token: 'doc-token' }])
    expect(posts).toEqual([
      { url: expect.stringContaining('/policy/p-1/cancellation') as string, body: { token: 'doc-token', code: '123456' } },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.queryByRole('button', { name: labels.cancelMyContract })).not.toBeInTheDocument()
  })

  it('keeps the contract: the dialog closes and nothing is sent', async () => {
    const { posts } = serve(cancellationTerms)
    const { user } = await findContract()
    const dialog = await openConfirmDialog(user)
    await user.click(within(dialog).getByRole('button', { name: labels.keepMyContract }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(posts).toHaveLength(0)
    expect(await cancelButton()).toHaveFocus()
  })

  it('after the money-back period: the request goes to the institution, with its refund terms', async () => {
    const { posts } = serve(afterThePeriod, () => answer('cancel', { outcome: 'requested', terms: afterThePeriod }, 200))
    const { user } = await findContract()
    const terms = await screen.findByTestId('cancellation-terms')
    expect(terms).toHaveTextContent(
      fill(messages.cancelAfterMoneyBack, { date: 'May 1st, 2025', institution: 'Summit Credit Union' }),
    )
    expect(terms).toHaveTextContent(afterThePeriod.refundText)
    expect(terms).not.toHaveTextContent('$1,899')

    const dialog = await openConfirmDialog(user)
    expect(dialog).toHaveAccessibleDescription(
      fill(messages.cancelConfirmAfter, { contract: 'MMP-0001', institution: 'Summit Credit Union' }),
    )
    await confirmWithCode(user, dialog)
    const outcome = await screen.findByTestId('cancellation-outcome')
    expect(outcome).toHaveTextContent(fill(messages.cancellationRequested, { institution: 'Summit Credit Union' }))
    expect(outcome).toHaveTextContent(afterThePeriod.refundText)
    expect(posts).toHaveLength(1)
    expect(screen.queryByRole('button', { name: labels.cancelMyContract })).not.toBeInTheDocument()
  })

  it('after a request already went to the institution: says when, with its refund terms, and offers no second one', async () => {
    const { posts } = serve({ ...afterThePeriod, requestedOn: 'June 2nd, 2025' })
    await findContract()
    const terms = await screen.findByTestId('cancellation-terms')
    expect(terms).toHaveTextContent(
      fill(messages.cancellationAlreadyRequested, { date: 'June 2nd, 2025', institution: 'Summit Credit Union' }),
    )
    expect(terms).toHaveTextContent(afterThePeriod.refundText)
    expect(screen.queryByRole('button', { name: labels.cancelMyContract })).not.toBeInTheDocument()
    expect(posts).toHaveLength(0)
  })

  it('says when the cancellation is still under way (202 pending)', async () => {
    serve(cancellationTerms, () => answer('cancel', { outcome: 'pending', terms: cancellationTerms }, 202))
    const { user } = await findContract()
    const dialog = await openConfirmDialog(user)
    await confirmWithCode(user, dialog)
    expect(await screen.findByTestId('cancellation-outcome')).toHaveTextContent(messages.cancellationPending)
  })

  it.each([
    ['cancelled', messages.alreadyCancelled],
    ['voided', messages.voidedUnpaid],
    ['booked', fill(messages.cannotCancelOnline, { institution: 'Summit Credit Union' })],
  ] as const)('a %s contract: says so plainly, no button', async (status, text) => {
    serve({ ...cancellationTerms, status, cancellable: false, withinMoneyBack: status !== 'booked' })
    await findContract()
    expect(await screen.findByTestId('cancellation-terms')).toHaveTextContent(text)
    expect(screen.queryByRole('button', { name: labels.cancelMyContract })).not.toBeInTheDocument()
  })

  it('a double click on confirm sends one request, the button disabled while it is sent', async () => {
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    const { posts } = serve(cancellationTerms)
    server.use(
      http.post(CANCELLATION, async ({ request }) => {
        posts.push({ url: request.url, body: await request.json() })
        await released
        return answer(
          'cancel',
          { outcome: 'cancelled', terms: { ...cancellationTerms, status: 'cancelled', cancellable: false } },
          200,
        )
      }),
    )
    const { user } = await findContract()
    const dialog = await openConfirmDialog(user)
    await user.click(within(dialog).getByRole('button', { name: labels.confirmCancel }))
    await user.type(await within(dialog).findByLabelText(labels.cancellationCode), '123456')
    const confirm = within(dialog).getByRole('button', { name: labels.confirmCancellationCode })
    await user.dblClick(confirm)
    await waitFor(() => expect(confirm).toBeDisabled())
    expect(within(dialog).getByRole('button', { name: labels.keepMyContract })).toBeDisabled()
    fireEvent.click(confirm)
    release()
    await screen.findByTestId('cancellation-outcome')
    expect(posts).toHaveLength(1)
  })

  it("shows the server's error in the dialog, and confirm tries again", async () => {
    let attempts = 0
    serve(cancellationTerms, () => {
      attempts += 1
      return attempts === 1
        ? apiError('conflict', 'This contract was not paid, so there is nothing to cancel.', 409)
        : answer('cancel', { outcome: 'cancelled', terms: cancellationTerms }, 200)
    })
    const { user } = await findContract()
    const dialog = await openConfirmDialog(user)
    await confirmWithCode(user, dialog)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This contract was not paid, so there is nothing to cancel.',
    )
    await user.click(within(dialog).getByRole('button', { name: labels.confirmCancellationCode }))
    expect(await screen.findByTestId('cancellation-outcome')).toHaveTextContent(
      fill(messages.contractCancelled, { amount: '$1,899' }),
    )
    expect(attempts).toBe(2)
  })

  it('says the connection dropped when the request gets no answer', async () => {
    serve(cancellationTerms, () => HttpResponse.error())
    const { user } = await findContract()
    const dialog = await openConfirmDialog(user)
    await confirmWithCode(user, dialog)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.connectionProblem)
    expect(within(dialog).getByRole('button', { name: labels.confirmCancellationCode })).toBeEnabled()
  })

  it.each([
    [410, 'linkExpired'],
    [404, 'notFound'],
  ] as const)('an expired or refused link (%i) asks the member to find the contract again', async (status, code) => {
    serve(cancellationTerms, () => apiError(code, 'This link has expired. Please find your contract again.', status))
    const { user } = await findContract()
    const dialog = await openConfirmDialog(user)
    await confirmWithCode(user, dialog)
    expect(await screen.findByTestId('cancellation-link-expired')).toHaveTextContent(messages.cancelLinkExpired)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: labels.findContractAgain }))
    expect(screen.getByTestId('contract-last-name')).toBeEnabled()
    expect(screen.getByTestId('find-contract-submit')).toBeEnabled()
    expect(screen.queryByTestId('contract-opened')).not.toBeInTheDocument()
    expect(screen.queryByTestId('cancellation-link-expired')).not.toBeInTheDocument()
  })

  it('a wrong code says so and may be typed again; a new code can be asked for', async () => {
    let attempts = 0
    const { codesAsked, posts } = serve(cancellationTerms, () => {
      attempts += 1
      return attempts === 1
        ? apiError('invalidCode', messages.cancelCodeInvalid, 400, 'code')
        : answer('cancel', { outcome: 'cancelled', terms: cancellationTerms }, 200)
    })
    const { user } = await findContract()
    const dialog = await openConfirmDialog(user)
    await confirmWithCode(user, dialog, '000000')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.cancelCodeInvalid)
    await user.click(within(dialog).getByRole('button', { name: labels.sendNewCode }))
    await waitFor(() => expect(codesAsked).toHaveLength(2))
    const input = await within(dialog).findByLabelText(labels.cancellationCode)
    expect(input).toHaveValue('')
    expect(within(dialog).getByRole('button', { name: labels.confirmCancellationCode })).toBeDisabled()
    await user.type(input, '654321')
    await user.click(within(dialog).getByRole('button', { name: labels.confirmCancellationCode }))
    await screen.findByTestId('cancellation-outcome')
    expect(posts.map((p) => (p.body as { code: string }).code)).toEqual(['000000', '654321'])
  })

  it('when the terms cannot be loaded: says why and loads them again', async () => {
    let asked = 0
    server.use(
      http.get(CANCELLATION, () => {
        asked += 1
        return asked === 1 ? HttpResponse.error() : answer('cancellation_terms', cancellationTerms)
      }),
    )
    const { user } = await findContract()
    expect(await screen.findByTestId('cancellation-error')).toHaveTextContent(messages.connectionProblem)
    // The contract itself was found: its link stays.
    expect(screen.getByTestId('contract-link')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: labels.reload }))
    expect(await cancelButton()).toBeEnabled()
    expect(asked).toBe(2)
  })
})
