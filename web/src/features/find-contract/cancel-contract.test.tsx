import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import type { CancelBody, CancellationTerms, RefundQuote } from '../../api/types'
import { fill, labels, messages } from '../../lib/product'
import {
  californiaCancellationTerms,
  cancellationQuoteFreeLook,
  cancellationQuoteProRata,
  cancellationTerms,
  cancelledTerms,
  quotedTerms,
  texasCancellationTerms,
} from '../../test/fixtures'
import { odometerRefusal } from '../../test/handlers'
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

const CODE = `${CANCELLATION}/code`
const SENT = fill(messages.cancelCodeSent, { email: 'j•••@example.com' })

type User = ReturnType<typeof renderApp>['user']

/**
 * The terms GET answers with (with `?odometer=`: quoted with `quote` for that reading, or the
 * server's refusal of it), every cancellation POST's URL and body, and the codes asked for. The POST
 * answers `post`, by default cancelled for `quote` at the reading sent.
 */
function serve(terms: CancellationTerms, options: { quote?: RefundQuote; post?: (body: CancelBody) => Response } = {}) {
  const quote = options.quote ?? terms.quote ?? cancellationQuoteFreeLook
  const post =
    options.post ??
    ((body: CancelBody) =>
      answer('cancel', { outcome: 'cancelled', terms: cancelledTerms(terms, { ...quote, odometer: body.odometer ?? 0 }) }, 200))
  const termsAsked: string[] = []
  const posts: Array<{ url: string; body: CancelBody }> = []
  const codesAsked: unknown[] = []
  server.use(
    http.get(CANCELLATION, ({ request }) => {
      termsAsked.push(request.url)
      const odometer = new URL(request.url).searchParams.get('odometer')
      if (odometer === null) return answer('cancellation_terms', terms)
      return (
        odometerRefusal(Number(odometer), terms.odometerAtSale) ??
        answer('cancellation_terms', quotedTerms(terms, Number(odometer), quote))
      )
    }),
    http.post(CODE, async ({ request }) => {
      codesAsked.push(await request.json())
      return answer('send_code', { sentTo: 'j•••@example.com', message: SENT }, 202)
    }),
    http.post(CANCELLATION, async ({ request }) => {
      const body = (await request.json()) as CancelBody
      posts.push({ url: request.url, body })
      return post(body)
    }),
  )
  /** The odometer readings quoted for (the GETs with `odometer`). */
  const quotedFor = () =>
    termsAsked.map((url) => new URL(url).searchParams.get('odometer')).filter((odometer) => odometer !== null)
  return { termsAsked, posts, codesAsked, quotedFor }
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

/** "Cancel my contract": the dialog, on its first step (the odometer reading). */
async function openCancelDialog(user: User) {
  await user.click(await cancelButton())
  return screen.findByRole('dialog', { name: messages.cancelContractTitle })
}

/** The odometer reading typed (replacing what was there) and, unless told, attested; then "See my refund". */
async function askForRefund(user: User, dialog: HTMLElement, reading: string, attest = true) {
  const odometer = within(dialog).getByLabelText(labels.odometerToday)
  await user.clear(odometer)
  if (reading) await user.type(odometer, reading)
  if (attest) await user.click(within(dialog).getByLabelText(labels.attestOdometer))
  await user.click(within(dialog).getByRole('button', { name: labels.seeMyRefund }))
}

/** The reading, attested, and the quote for it. */
async function quoteRefund(user: User, dialog: HTMLElement, reading = '48000') {
  await askForRefund(user, dialog, reading)
  return within(dialog).findByTestId('cancel-quote')
}

/** "Yes, cancel it" under the quote, then the emailed code and "Confirm cancellation". */
async function confirmWithCode(user: User, dialog: HTMLElement, code = '123456') {
  await user.click(within(dialog).getByRole('button', { name: labels.confirmCancel }))
  expect(await within(dialog).findByTestId('cancel-code-sent')).toHaveTextContent(SENT)
  await user.type(within(dialog).getByLabelText(labels.cancellationCode), code)
  await user.click(within(dialog).getByRole('button', { name: labels.confirmCancellationCode }))
}

/** From "Cancel my contract" to the request: the reading, its quote, the code. */
async function cancelWithReading(user: User, reading = '48000') {
  const dialog = await openCancelDialog(user)
  await quoteRefund(user, dialog, reading)
  await confirmWithCode(user, dialog)
  return dialog
}

function rulesOf(terms: CancellationTerms) {
  return fill(messages.cancelQuoteRules, { state: terms.stateName, rules: terms.rules })
}

function sourceOf(terms: CancellationTerms) {
  return fill(messages.cancelQuoteSource, { source: terms.source })
}

describe('find your contract: cancelling it under the state rules', () => {
  it('within the free look: the reading, its quote (the full price to the card), the code, then cancelled and refunded', async () => {
    const { termsAsked, posts, codesAsked, quotedFor } = serve(cancellationTerms)
    const { user } = await findContract()
    const terms = await screen.findByTestId('cancellation-terms')
    expect(terms).toHaveTextContent(fill(messages.cancelWithinMoneyBack, { date: 'July 4th, 2025', amount: '$1,899' }))
    expect(terms).toHaveTextContent(messages.cancelQuoteIntro)
    const rules = screen.getByTestId('cancellation-rules')
    expect(rules).toHaveTextContent(rulesOf(cancellationTerms))
    expect(rules).toHaveTextContent(sourceOf(cancellationTerms))
    expect(termsAsked).toHaveLength(1)
    expect(new URL(termsAsked[0]).pathname).toBe('/api/institution/summit-cu/user/u-1/policy/p-1/cancellation')
    expect(new URL(termsAsked[0]).searchParams.get('token')).toBe('doc-token')
    expect(new URL(termsAsked[0]).searchParams.has('odometer')).toBe(false)

    const dialog = await openCancelDialog(user)
    expect(dialog).toHaveAccessibleDescription(messages.cancelQuoteIntro)
    const odometer = within(dialog).getByLabelText(labels.odometerToday)
    expect(odometer).toHaveAttribute('data-testid', 'cancel-odometer')
    expect(odometer).toHaveAttribute('inputmode', 'numeric')
    expect(odometer).toHaveAttribute('min', '45000')
    expect(odometer).toHaveFocus()
    expect(within(dialog).getByLabelText(labels.attestOdometer)).toHaveAttribute('data-testid', 'cancel-attest')
    expect(within(dialog).getByRole('button', { name: labels.seeMyRefund })).toHaveAttribute('data-testid', 'cancel-see-refund')

    const quote = await quoteRefund(user, dialog, '46500')
    expect(quotedFor()).toEqual(['46500'])
    expect(new URL(termsAsked[1]).searchParams.get('token')).toBe('doc-token')
    const quoteSays = fill(messages.cancelQuoteFreeLook, {
      days: '30',
      date: 'July 4th, 2025',
      refund: '$1,899',
      dueBy: 'July 24th, 2025',
    })
    const confirmSays = fill(messages.cancelConfirmFreeLook, { contract: 'MMP-0001', refund: '$1,899' })
    expect(quote).toHaveTextContent(quoteSays)
    expect(dialog).toHaveAccessibleDescription(`${quoteSays} ${confirmSays}`)
    expect(within(dialog).getByRole('button', { name: labels.keepMyContract })).toHaveFocus()
    expect(posts).toHaveLength(0)
    expect(codesAsked).toHaveLength(0)
    // Confirming emails a code to the address on file: the link alone cancels nothing.
    await confirmWithCode(user, dialog)

    const outcome = await screen.findByTestId('cancellation-outcome')
    expect(outcome).toHaveTextContent(fill(messages.contractCancelled, { amount: '$1,899' }))
    expect(codesAsked).toEqual([{ token: 'doc-token' }])
    expect(posts).toEqual([
      {
        url: expect.stringContaining('/policy/p-1/cancellation') as string,
        body: { token: 'doc-token', code: '123456', odometer: 46_500, attested: true },
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.queryByRole('button', { name: labels.cancelMyContract })).not.toBeInTheDocument()
  })

  it('in Texas after the free look: the unused part less the fee, by check; the request carries the reading and its attestation', async () => {
    const { posts } = serve(texasCancellationTerms, { quote: cancellationQuoteProRata })
    const { user } = await findContract()
    const terms = await screen.findByTestId('cancellation-terms')
    expect(terms).toHaveTextContent(messages.cancelQuoteIntro)
    expect(terms).not.toHaveTextContent(fill(messages.cancelWithinMoneyBack, { date: 'February 4th, 2026', amount: '$1,899' }))
    expect(screen.getByTestId('cancellation-rules')).toHaveTextContent(rulesOf(texasCancellationTerms))
    expect(screen.getByText(sourceOf(texasCancellationTerms))).toBeVisible()
    expect(rulesOf(texasCancellationTerms)).toContain('The rules for Texas: ')

    const dialog = await openCancelDialog(user)
    const quote = await quoteRefund(user, dialog, '48000')
    expect(quote).toHaveTextContent(
      fill(messages.cancelQuoteProRata, { refund: '$1,150.25', dueBy: 'March 3rd, 2026', unearned: '$1,200.25', fee: '$50' }),
    )
    expect(within(dialog).getByTestId('cancel-quoted-odometer')).toHaveTextContent('48,000')
    expect(dialog).toHaveTextContent(
      fill(messages.cancelConfirmProRata, { contract: 'MMP-0001', refund: '$1,150.25', dueBy: 'March 3rd, 2026' }),
    )
    await confirmWithCode(user, dialog)

    expect(await screen.findByTestId('cancellation-outcome')).toHaveTextContent(
      fill(messages.contractCancelledByCheck, { refund: '$1,150.25', dueBy: 'March 3rd, 2026' }),
    )
    expect(posts.map((p) => p.body)).toEqual([{ token: 'doc-token', code: '123456', odometer: 48_000, attested: true }])
  })

  it('in California on day 45, still in the 60-day free look: the full price back to the card', async () => {
    serve(californiaCancellationTerms)
    const { user } = await findContract()
    expect(await screen.findByTestId('cancellation-terms')).toHaveTextContent(
      fill(messages.cancelWithinMoneyBack, { date: 'March 6th, 2026', amount: '$1,899' }),
    )
    expect(screen.getByTestId('cancellation-rules')).toHaveTextContent(rulesOf(californiaCancellationTerms))

    const dialog = await openCancelDialog(user)
    expect(await quoteRefund(user, dialog, '47000')).toHaveTextContent(
      fill(messages.cancelQuoteFreeLook, {
        days: '60',
        date: 'March 6th, 2026',
        refund: '$1,899',
        dueBy: 'February 19th, 2026',
      }),
    )
    expect(dialog).toHaveTextContent(fill(messages.cancelConfirmFreeLook, { contract: 'MMP-0001', refund: '$1,899' }))
    await confirmWithCode(user, dialog)
    expect(await screen.findByTestId('cancellation-outcome')).toHaveTextContent(
      fill(messages.contractCancelled, { amount: '$1,899' }),
    )
  })

  it('checks the reading (required, whole miles, not below the one at the sale) and the attestation before any quote', async () => {
    const { quotedFor } = serve(texasCancellationTerms, { quote: cancellationQuoteProRata })
    const { user } = await findContract()
    const dialog = await openCancelDialog(user)
    const odometer = within(dialog).getByLabelText(labels.odometerToday)
    const attest = within(dialog).getByLabelText(labels.attestOdometer)

    // Nothing typed, nothing ticked: both say why, each as its field's description.
    await user.click(within(dialog).getByRole('button', { name: labels.seeMyRefund }))
    await waitFor(() => expect(odometer).toHaveAccessibleDescription(messages.cancelOdometerRequired))
    expect(odometer).toHaveAttribute('aria-invalid', 'true')
    expect(odometer).toHaveFocus()
    expect(attest).toHaveAccessibleDescription(messages.cancelAttestRequired)
    expect(attest).toHaveAttribute('aria-invalid', 'true')

    // Below the reading at the sale, with its thousands separator; the tick alone is not enough.
    await askForRefund(user, dialog, '44999')
    await waitFor(() =>
      expect(odometer).toHaveAccessibleDescription(fill(messages.cancelOdometerBelowSale, { odometer: '45,000' })),
    )
    expect(attest).toBeChecked()
    expect(attest).not.toHaveAccessibleDescription(messages.cancelAttestRequired)

    // More than any odometer reads.
    await user.click(attest)
    await askForRefund(user, dialog, '1000001')
    await waitFor(() => expect(odometer).toHaveAccessibleDescription(messages.cancelOdometerTooHigh))

    // A good reading, but the tick taken back.
    await user.click(attest)
    await askForRefund(user, dialog, '48000', false)
    await waitFor(() => expect(attest).toHaveAccessibleDescription(messages.cancelAttestRequired))
    expect(odometer).not.toHaveAttribute('aria-invalid', 'true')
    // Signs, exponents and decimal points are not miles.
    await user.clear(odometer)
    await user.type(odometer, '-4.5e3')
    expect(odometer).toHaveValue(453)
    expect(quotedFor()).toEqual([])

    await askForRefund(user, dialog, '45000')
    expect(await within(dialog).findByTestId('cancel-quote')).toBeInTheDocument()
    expect(quotedFor()).toEqual(['45000'])
  })

  it("shows the server's refusal of the reading at the odometer field, then quotes the fixed one", async () => {
    const { quotedFor } = serve(texasCancellationTerms, { quote: cancellationQuoteProRata })
    // A reading the dialog lets through, refused by the server (which has the last word).
    const refused: string[] = []
    server.use(
      http.get(CANCELLATION, ({ request }) => {
        const odometer = new URL(request.url).searchParams.get('odometer')
        if (odometer !== '999999') return undefined
        refused.push(odometer)
        return apiError('validation', messages.cancelOdometerTooHigh, 400, 'odometer')
      }),
    )
    const { user } = await findContract()
    const dialog = await openCancelDialog(user)
    await askForRefund(user, dialog, '999999')
    // The server has the last word: its message, under the field, and the field focused.
    const odometer = within(dialog).getByLabelText(labels.odometerToday)
    await waitFor(() => expect(odometer).toHaveAccessibleDescription(messages.cancelOdometerTooHigh))
    expect(odometer).toHaveFocus()
    expect(within(dialog).queryByTestId('cancel-contract-error')).not.toBeInTheDocument()
    expect(within(dialog).queryByTestId('cancel-quote')).not.toBeInTheDocument()
    expect(refused).toEqual(['999999'])

    await user.clear(odometer)
    await user.type(odometer, '48000')
    await user.click(within(dialog).getByRole('button', { name: labels.seeMyRefund }))
    expect(await within(dialog).findByTestId('cancel-quote')).toBeInTheDocument()
    expect(quotedFor()).toEqual(['48000'])
  })

  it('a reading refused when cancelling (checked before the code) goes back to the odometer step, the message at its field', async () => {
    let attempts = 0
    const { posts } = serve(texasCancellationTerms, {
      quote: cancellationQuoteProRata,
      post: (body) => {
        attempts += 1
        return attempts === 1
          ? apiError('validation', fill(messages.cancelOdometerBelowSale, { odometer: '45,000' }), 400, 'odometer')
          : answer(
              'cancel',
              {
                outcome: 'cancelled',
                terms: cancelledTerms(texasCancellationTerms, { ...cancellationQuoteProRata, odometer: body.odometer ?? 0 }),
              },
              200,
            )
      },
    })
    const { user } = await findContract()
    const dialog = await cancelWithReading(user, '48000')
    const odometer = await within(dialog).findByLabelText(labels.odometerToday)
    await waitFor(() =>
      expect(odometer).toHaveAccessibleDescription(fill(messages.cancelOdometerBelowSale, { odometer: '45,000' })),
    )
    // The reading refused is there to change; the tick is asked for again.
    expect(odometer).toHaveValue(48_000)
    expect(within(dialog).getByLabelText(labels.attestOdometer)).not.toBeChecked()
    expect(within(dialog).queryByTestId('cancel-code-sent')).not.toBeInTheDocument()

    await quoteRefund(user, dialog, '48100')
    await confirmWithCode(user, dialog)
    await screen.findByTestId('cancellation-outcome')
    expect(posts.map((p) => p.body.odometer)).toEqual([48_000, 48_100])
  })

  it('the attestation refused by the server shows at the checkbox', async () => {
    serve(texasCancellationTerms, {
      quote: cancellationQuoteProRata,
      post: () => apiError('validation', messages.cancelAttestRequired, 400, 'attested'),
    })
    const { user } = await findContract()
    const dialog = await cancelWithReading(user)
    const attest = await within(dialog).findByLabelText(labels.attestOdometer)
    await waitFor(() => expect(attest).toHaveAccessibleDescription(messages.cancelAttestRequired))
    expect(attest).toHaveFocus()
  })

  it('changes the reading from the quote: asks again and cancels for the new one', async () => {
    const { posts, quotedFor } = serve(texasCancellationTerms, { quote: cancellationQuoteProRata })
    const { user } = await findContract()
    const dialog = await openCancelDialog(user)
    await quoteRefund(user, dialog, '48000')
    await user.click(within(dialog).getByTestId('cancel-change-odometer'))
    const odometer = await within(dialog).findByLabelText(labels.odometerToday)
    expect(odometer).toHaveValue(48_000)
    expect(within(dialog).getByLabelText(labels.attestOdometer)).not.toBeChecked()
    expect(await quoteRefund(user, dialog, '52000')).toBeInTheDocument()
    expect(within(dialog).getByTestId('cancel-quoted-odometer')).toHaveTextContent('52,000')
    await confirmWithCode(user, dialog)
    await screen.findByTestId('cancellation-outcome')
    expect(quotedFor()).toEqual(['48000', '52000'])
    expect(posts.map((p) => p.body)).toEqual([{ token: 'doc-token', code: '123456', odometer: 52_000, attested: true }])
  })

  it('keeps the contract: the dialog closes and nothing is sent', async () => {
    const { posts, quotedFor } = serve(cancellationTerms)
    const { user } = await findContract()
    const dialog = await openCancelDialog(user)
    await user.click(within(dialog).getByRole('button', { name: labels.keepMyContract }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(posts).toHaveLength(0)
    expect(quotedFor()).toEqual([])
    expect(await cancelButton()).toHaveFocus()
  })

  it('keeps the contract from the quote: nothing is sent', async () => {
    const { posts, codesAsked } = serve(cancellationTerms)
    const { user } = await findContract()
    const dialog = await openCancelDialog(user)
    await quoteRefund(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: labels.keepMyContract }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(posts).toHaveLength(0)
    expect(codesAsked).toHaveLength(0)
    expect(await cancelButton()).toBeEnabled()
  })

  it('after a request already went to the institution (before the state rules): says when, with its refund terms, and offers no second one', async () => {
    const { posts } = serve({ ...texasCancellationTerms, requestedOn: 'June 2nd, 2025' })
    await findContract()
    const terms = await screen.findByTestId('cancellation-terms')
    expect(terms).toHaveTextContent(
      fill(messages.cancellationAlreadyRequested, { date: 'June 2nd, 2025', institution: 'Summit Credit Union' }),
    )
    expect(terms).toHaveTextContent(texasCancellationTerms.refundText)
    expect(terms).not.toHaveTextContent(messages.cancelQuoteIntro)
    // The institution's terms apply to that request, not the state's rules.
    expect(screen.queryByTestId('cancellation-rules')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: labels.cancelMyContract })).not.toBeInTheDocument()
    expect(posts).toHaveLength(0)
  })

  it('a request the server answers as sent to the institution (a cancellation before the state rules) says so, with its refund terms', async () => {
    serve(texasCancellationTerms, {
      quote: cancellationQuoteProRata,
      post: () =>
        answer('cancel', { outcome: 'requested', terms: { ...texasCancellationTerms, requestedOn: 'June 2nd, 2025' } }, 200),
    })
    const { user } = await findContract()
    await cancelWithReading(user)
    const outcome = await screen.findByTestId('cancellation-outcome')
    expect(outcome).toHaveTextContent(fill(messages.cancellationRequested, { institution: 'Summit Credit Union' }))
    expect(outcome).toHaveTextContent(texasCancellationTerms.refundText)
    expect(screen.queryByTestId('cancellation-rules')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: labels.cancelMyContract })).not.toBeInTheDocument()
  })

  it('says when the cancellation is still under way (202 pending)', async () => {
    serve(cancellationTerms, { post: () => answer('cancel', { outcome: 'pending', terms: cancellationTerms }, 202) })
    const { user } = await findContract()
    await cancelWithReading(user)
    expect(await screen.findByTestId('cancellation-outcome')).toHaveTextContent(messages.cancellationPending)
  })

  it.each([
    ['cancelled', messages.alreadyCancelled],
    ['voided', messages.voidedUnpaid],
    ['booked', fill(messages.cannotCancelOnline, { institution: 'Summit Credit Union' })],
  ] as const)('a %s contract: says so plainly, no button', async (status, text) => {
    serve({ ...cancellationTerms, status, cancellable: false, withinMoneyBack: status !== 'booked', quote: null })
    await findContract()
    const terms = await screen.findByTestId('cancellation-terms')
    expect(terms).toHaveTextContent(text)
    expect(terms).not.toHaveTextContent(messages.cancelQuoteIntro)
    expect(screen.queryByRole('button', { name: labels.cancelMyContract })).not.toBeInTheDocument()
  })

  it('a contract cancelled meanwhile: the quote answers it is no longer cancellable, and the section says so', async () => {
    serve(cancellationTerms)
    server.use(
      http.get(CANCELLATION, ({ request }) =>
        new URL(request.url).searchParams.has('odometer')
          ? answer('cancellation_terms', cancelledTerms(cancellationTerms, cancellationQuoteFreeLook))
          : answer('cancellation_terms', cancellationTerms),
      ),
    )
    const { user } = await findContract()
    const dialog = await openCancelDialog(user)
    await askForRefund(user, dialog, '46000')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByTestId('cancellation-terms')).toHaveTextContent(messages.alreadyCancelled)
    expect(screen.queryByRole('button', { name: labels.cancelMyContract })).not.toBeInTheDocument()
  })

  it('a double click on confirm sends one request, the button disabled while it is sent', async () => {
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    const { posts } = serve(cancellationTerms)
    server.use(
      http.post(CANCELLATION, async ({ request }) => {
        posts.push({ url: request.url, body: (await request.json()) as CancelBody })
        await released
        return answer(
          'cancel',
          { outcome: 'cancelled', terms: cancelledTerms(cancellationTerms, cancellationQuoteFreeLook) },
          200,
        )
      }),
    )
    const { user } = await findContract()
    const dialog = await openCancelDialog(user)
    await quoteRefund(user, dialog)
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
    serve(cancellationTerms, {
      post: () => {
        attempts += 1
        return attempts === 1
          ? apiError('conflict', messages.nothingToCancel, 409)
          : answer('cancel', { outcome: 'cancelled', terms: cancelledTerms(cancellationTerms, cancellationQuoteFreeLook) }, 200)
      },
    })
    const { user } = await findContract()
    const dialog = await cancelWithReading(user)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.nothingToCancel)
    await user.click(within(dialog).getByRole('button', { name: labels.confirmCancellationCode }))
    expect(await screen.findByTestId('cancellation-outcome')).toHaveTextContent(
      fill(messages.contractCancelled, { amount: '$1,899' }),
    )
    expect(attempts).toBe(2)
  })

  it('says the connection dropped when the request gets no answer', async () => {
    serve(cancellationTerms, { post: () => HttpResponse.error() })
    const { user } = await findContract()
    const dialog = await cancelWithReading(user)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.connectionProblem)
    expect(within(dialog).getByRole('button', { name: labels.confirmCancellationCode })).toBeEnabled()
  })

  it('says the connection dropped when the quote gets no answer, and asks again', async () => {
    const { quotedFor } = serve(cancellationTerms)
    let quotes = 0
    server.use(
      http.get(CANCELLATION, ({ request }) => {
        if (!new URL(request.url).searchParams.has('odometer')) return undefined
        quotes += 1
        return quotes === 1 ? HttpResponse.error() : undefined
      }),
    )
    const { user } = await findContract()
    const dialog = await openCancelDialog(user)
    await askForRefund(user, dialog, '46000')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.connectionProblem)
    await user.click(within(dialog).getByRole('button', { name: labels.seeMyRefund }))
    expect(await within(dialog).findByTestId('cancel-quote')).toBeInTheDocument()
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    expect(quotedFor()).toEqual(['46000'])
  })

  it.each([
    [410, 'linkExpired'],
    [404, 'notFound'],
  ] as const)('an expired or refused link (%i) asks the member to find the contract again', async (status, code) => {
    serve(cancellationTerms, { post: () => apiError(code, messages.contractLinkExpired, status) })
    const { user } = await findContract()
    await cancelWithReading(user)
    expect(await screen.findByTestId('cancellation-link-expired')).toHaveTextContent(messages.cancelLinkExpired)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: labels.findContractAgain }))
    expect(screen.getByTestId('contract-last-name')).toBeEnabled()
    expect(screen.getByTestId('find-contract-submit')).toBeEnabled()
    expect(screen.queryByTestId('contract-opened')).not.toBeInTheDocument()
    expect(screen.queryByTestId('cancellation-link-expired')).not.toBeInTheDocument()
  })

  it('a link that expired before the quote asks the member to find the contract again', async () => {
    serve(cancellationTerms)
    server.use(
      http.get(CANCELLATION, ({ request }) =>
        new URL(request.url).searchParams.has('odometer')
          ? apiError('linkExpired', messages.contractLinkExpired, 410)
          : undefined,
      ),
    )
    const { user } = await findContract()
    const dialog = await openCancelDialog(user)
    await askForRefund(user, dialog, '46000')
    expect(await screen.findByTestId('cancellation-link-expired')).toHaveTextContent(messages.cancelLinkExpired)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('a wrong code says so and may be typed again; a new code can be asked for', async () => {
    let attempts = 0
    const { codesAsked, posts } = serve(cancellationTerms, {
      post: () => {
        attempts += 1
        return attempts === 1
          ? apiError('invalidCode', messages.cancelCodeInvalid, 400, 'code')
          : answer('cancel', { outcome: 'cancelled', terms: cancelledTerms(cancellationTerms, cancellationQuoteFreeLook) }, 200)
      },
    })
    const { user } = await findContract()
    const dialog = await openCancelDialog(user)
    await quoteRefund(user, dialog)
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
    expect(posts.map((p) => p.body.code)).toEqual(['000000', '654321'])
  })

  it('a new code refused (too many asked for) keeps the code step: the first code may still be typed', async () => {
    const { codesAsked, posts } = serve(cancellationTerms)
    server.use(
      http.post(CODE, async ({ request }) => {
        codesAsked.push(await request.json())
        return codesAsked.length === 1
          ? answer('send_code', { sentTo: 'j•••@example.com', message: SENT }, 202)
          : apiError('rateLimited', messages.cancelCodesTooMany, 429)
      }),
    )
    const { user } = await findContract()
    const dialog = await openCancelDialog(user)
    await quoteRefund(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: labels.confirmCancel }))
    await within(dialog).findByTestId('cancel-code-sent')
    await user.click(within(dialog).getByRole('button', { name: labels.sendNewCode }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.cancelCodesTooMany)
    await user.type(within(dialog).getByLabelText(labels.cancellationCode), '123456')
    await user.click(within(dialog).getByRole('button', { name: labels.confirmCancellationCode }))
    await screen.findByTestId('cancellation-outcome')
    expect(posts).toHaveLength(1)
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
