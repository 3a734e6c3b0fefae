import { render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fieldErrors, fill, labels, messages, screens } from '../../lib/product'
import { institution, rates, vehicle } from '../../test/fixtures'
import { fakeTab } from '../../test/fake-tab'
import { server } from '../../test/msw-server'
import { answer, apiError } from '../../test/respond'
import { book, renderAtConfirm } from '../../test/render-app'
import type { BookingBody } from '../../api/types'
import { ReviewObligor, ReviewTotal, TERMS_OF_SERVICE_PATH } from './coverage-confirm-page'

const POLICY = '*/api/institution/:iid/user/:uid/policy'
const VOIDED = `${messages.voidedUnpaid} Please start again.`

describe('review and book', () => {
  it('offers Retry Booking and No, Thank You when booking fails', async () => {
    server.use(
      http.post(POLICY, () => apiError('bookingFailed', messages.bookingFailed, 502), {
        once: true,
      }),
    )
    const { user } = await renderAtConfirm()
    await book(user)
    const dialog = await screen.findByTestId('booking-failed-dialog')
    expect(within(dialog).getByText(messages.bookingFailed)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: labels.noThankYou })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: labels.retryBooking }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/payment-details'))
  })

  it("shows a voided contract's message and starts again at splash", async () => {
    server.use(http.post(POLICY, () => apiError('voided', VOIDED, 409)))
    const { user } = await renderAtConfirm()
    await book(user)
    const dialog = await screen.findByTestId('booking-failed-dialog')
    expect(within(dialog).getByText(VOIDED)).toBeInTheDocument()
    expect(dialog).not.toHaveTextContent(messages.bookingFailed)
    expect(within(dialog).queryByRole('button', { name: labels.retryBooking })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: labels.noThankYou })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: labels.startAgain }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/splash'))
    expect(await screen.findByTestId('email-input')).toHaveValue('')
  })
})

describe("the review's own texts", () => {
  it('names the coverage and the car, and links the terms of service inside their agreement', async () => {
    const TEXTS = screens.coverage.review
    await renderAtConfirm()
    const chosen = rates.find((r) => r.coverageName === screen.getByTestId('confirm-coverage-name').textContent)!
    expect(screen.getByRole('region', { name: TEXTS.coverageCard })).toHaveTextContent(
      fill(TEXTS.months, { months: String(chosen.coverageMonths) }),
    )
    expect(screen.getByText(fill(TEXTS.deductible, { amount: '$100' }))).toBeInTheDocument()
    expect(screen.getByRole('region', { name: TEXTS.vehicleCard })).toHaveTextContent(
      fill(TEXTS.odometer, { odometer: '45,000' }),
    )
    expect(screen.getByTestId('edit-coverage')).toHaveTextContent(TEXTS.editButton)
    expect(screen.getByTestId('show-vin')).toHaveTextContent(TEXTS.showVin)
    const terms = screen.getByRole('link', { name: TEXTS.termsOfService })
    expect(terms).toHaveAttribute('href', TERMS_OF_SERVICE_PATH)
    expect(screen.getByTestId('terms-checkbox').closest('label')).toHaveTextContent(
      fill(TEXTS.agreeToTerms, { termsLink: TEXTS.termsOfService }),
    )
    expect(screen.getByTestId('confirm-continue')).toHaveTextContent(TEXTS.continueButton)
  })
})

describe('the two agreements and the car', () => {
  it('books only with both boxes ticked, each unticked box saying why on its field', async () => {
    let booked = 0
    server.use(
      http.post(POLICY, () => {
        booked += 1
        return HttpResponse.error()
      }),
    )
    const { user } = await renderAtConfirm()
    await user.click(screen.getByTestId('confirm-continue'))
    expect(await screen.findByText(fieldErrors.terms)).toBeInTheDocument()
    expect(screen.getByText(fieldErrors.refund)).toBeInTheDocument()
    await user.click(screen.getByTestId('terms-checkbox'))
    await user.click(screen.getByTestId('confirm-continue'))
    await waitFor(() => expect(screen.queryByText(fieldErrors.terms)).not.toBeInTheDocument())
    expect(screen.getByText(fieldErrors.refund)).toBeInTheDocument()
    expect(booked).toBe(0)
    await user.click(screen.getByTestId('refund-checkbox'))
    await user.click(screen.getByTestId('confirm-continue'))
    await waitFor(() => expect(booked).toBe(1))
  })

  it(`shows the car's VIN on ${screens.coverage.review.showVin}`, async () => {
    const { user } = await renderAtConfirm()
    // The tooltip's code comes after the page has drawn: point again until it is there.
    await waitFor(async () => {
      await user.unhover(screen.getByTestId('show-vin'))
      await user.hover(screen.getByTestId('show-vin'))
      expect(screen.getByRole('tooltip')).toHaveTextContent(vehicle.vin)
    })
  })
})

describe('consent to electronic delivery (E-SIGN)', () => {
  /** The booking bodies the page sends; each booking answers as the happy path does. */
  function captureBookings(answerWith?: () => Response | undefined) {
    const bodies: BookingBody[] = []
    server.use(
      http.post(POLICY, async ({ request }) => {
        bodies.push((await request.json()) as BookingBody)
        return answerWith?.()
      }),
    )
    return bodies
  }

  it("shows the disclosure with the institution's name after the sample contract, the box unticked and the paper-copy note", async () => {
    await renderAtConfirm()
    const disclosure = screen.getByTestId('esign-disclosure')
    expect(disclosure).toHaveTextContent(fill(messages.esignDisclosure, { institution: institution.name }))
    expect(disclosure).toHaveTextContent(institution.name)
    expect(disclosure.textContent).not.toContain('{institution}')
    // "The sample contract above": the link comes before the disclosure in the page.
    const sample = screen.getByTestId('view-sample-contract')
    expect(sample.compareDocumentPosition(disclosure) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    const consent = screen.getByRole('checkbox', { name: labels.esignConsent })
    expect(consent).toBe(screen.getByTestId('esign-consent'))
    expect(consent).not.toBeChecked()
    expect(consent).not.toBeRequired()
    expect(consent).toHaveAccessibleDescription(expect.stringContaining(disclosure.textContent))
    expect(consent).toHaveAccessibleDescription(expect.stringContaining(messages.esignDeclined))
    expect(screen.getByTestId('esign-declined')).toHaveTextContent(messages.esignDeclined)
    // After the two agreements, before Continue: the keyboard reaches it third.
    const boxes = screen.getAllByRole('checkbox')
    expect(boxes.map((box) => box.dataset.testid)).toEqual(['terms-checkbox', 'refund-checkbox', 'esign-consent'])
  })

  it('ticks on a click of its label, hiding the paper-copy note, and books with electronicDelivery: true', async () => {
    const bodies = captureBookings()
    const { user } = await renderAtConfirm()
    await user.click(screen.getByText(labels.esignConsent))
    expect(screen.getByTestId('esign-consent')).toBeChecked()
    expect(screen.queryByTestId('esign-declined')).not.toBeInTheDocument()
    await book(user)
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/payment-details'))
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatchObject({ electronicDelivery: true, quoteId: 'q-1' })
  })

  it('books without it, sending electronicDelivery: false; the two agreements are still required', async () => {
    const bodies = captureBookings()
    const { user } = await renderAtConfirm()
    await user.click(screen.getByTestId('esign-consent'))
    await user.click(screen.getByTestId('confirm-continue'))
    expect(await screen.findByText(fieldErrors.terms)).toBeInTheDocument()
    expect(screen.getByText(fieldErrors.refund)).toBeInTheDocument()
    expect(bodies).toHaveLength(0)
    // Unticked again: the member can still buy, and is told so.
    await user.click(screen.getByTestId('esign-consent'))
    expect(screen.getByTestId('esign-declined')).toHaveTextContent(messages.esignDeclined)
    await book(user)
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/payment-details'))
    expect(bodies).toHaveLength(1)
    expect(bodies[0].electronicDelivery).toBe(false)
  })

  it('keeps the answer for a retried booking', async () => {
    let attempts = 0
    const bodies = captureBookings(() => {
      attempts += 1
      return attempts === 1 ? apiError('bookingFailed', messages.bookingFailed, 502) : undefined
    })
    const { user } = await renderAtConfirm()
    await user.click(screen.getByTestId('esign-consent'))
    await book(user)
    const dialog = await screen.findByTestId('booking-failed-dialog')
    await user.click(within(dialog).getByRole('button', { name: labels.retryBooking }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/payment-details'))
    expect(bodies.map((body) => body.electronicDelivery)).toEqual([true, true])
  })
})

describe('the refund terms the member agrees to', () => {
  it("are the contract's own default refund terms when the institution has none (one text, product.json)", async () => {
    await renderAtConfirm()
    expect(screen.getByTestId('refund-checkbox').closest('label')).toHaveTextContent(messages.defaultRefundText)
  })

  it("are the institution's refund text when it has one", async () => {
    const own = 'Summit members may cancel within 60 days for a full refund to their Summit account.'
    server.use(
      http.get('*/api/institution/:iid', () =>
        answer('institution', {
          ...institution,
          applicationSettings: { ...institution.applicationSettings, institutionRefundText: own },
        }),
      ),
    )
    await renderAtConfirm()
    expect(screen.getByTestId('refund-checkbox').closest('label')).toHaveTextContent(own)
    expect(screen.getByTestId('refund-checkbox').closest('label')).not.toHaveTextContent(messages.defaultRefundText)
  })
})

describe('the sample contract', () => {
  const SAMPLE = '*/api/institution/:iid/user/:uid/quote/:quoteId/rate/:rateId/sample-contract'
  const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]) // %PDF-1.7

  afterEach(() => vi.restoreAllMocks())

  /** The PDF's blob URL as the page makes it, and the blob it was made from. */
  function blobUrls() {
    const made: Blob[] = []
    URL.createObjectURL = vi.fn((blob: Blob) => {
      made.push(blob)
      return `blob:sample-${made.length}`
    })
    URL.revokeObjectURL = vi.fn()
    return made
  }

  it("opens the member's own sample in a tab opened during the click, once the PDF arrives", async () => {
    const tab = fakeTab()
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    const made = blobUrls()
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    const asked: { params: Record<string, unknown>; auth: string | null }[] = []
    server.use(
      http.get(SAMPLE, async ({ params, request }) => {
        asked.push({ params, auth: request.headers.get('Authorization') })
        await released
        return new HttpResponse(PDF, { headers: { 'Content-Type': 'application/pdf' } })
      }),
    )
    const { user } = await renderAtConfirm()
    const chosen = rates.find((r) => r.coverageName === screen.getByTestId('confirm-coverage-name').textContent)!
    await user.click(screen.getByRole('button', { name: labels.viewSampleContract }))
    // Popup blockers allow a window only during the click: it is open before the PDF comes.
    expect(open).toHaveBeenCalledExactlyOnceWith('', '_blank')
    expect(tab.opener).toBeNull()
    expect(tab.location.replace).not.toHaveBeenCalled()
    release()
    await waitFor(() =>
      expect(tab.location.replace).toHaveBeenCalledExactlyOnceWith(new URL('blob:sample-1', window.location.href).href),
    )
    expect(asked).toHaveLength(1)
    expect(asked[0].params).toMatchObject({ quoteId: 'q-1', rateId: chosen.rateId })
    expect(asked[0].auth).toMatch(/^Bearer /)
    expect(made[0].type).toBe('application/pdf')
    expect(new Uint8Array(await made[0].arrayBuffer())).toEqual(PDF)
    expect(tab.close).not.toHaveBeenCalled()
    expect(screen.queryByTestId('sample-contract-error')).not.toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/coverage/confirm')
  })

  it("closes the tab and says why when the sample can't be had", async () => {
    const tab = fakeTab()
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    blobUrls()
    server.use(http.get(SAMPLE, () => apiError('rateLimited', messages.tooManySampleContracts, 429), { once: true }))
    const { user } = await renderAtConfirm()
    await user.click(screen.getByTestId('view-sample-contract'))
    expect(await screen.findByTestId('sample-contract-error')).toHaveTextContent(messages.tooManySampleContracts)
    expect(tab.close).toHaveBeenCalledOnce()
    expect(tab.location.replace).not.toHaveBeenCalled()

    server.use(http.get(SAMPLE, () => new HttpResponse('upstream died', { status: 500 }), { once: true }))
    await user.click(screen.getByTestId('view-sample-contract'))
    await waitFor(() => expect(screen.getByTestId('sample-contract-error')).toHaveTextContent(messages.sampleContractFailed))
  })
})

describe('the review total', () => {
  const silver = rates[1] // $1,899.00 plus $56.97 tax
  const TEXTS = screens.coverage.review
  const total = (amount: string) => fill(TEXTS.total, { amount })
  const tax = (amount: string) => fill(TEXTS.includedSalesTax, { amount })

  it('carries an asterisk with the included sales tax footnote in a state with sales tax', () => {
    render(<ReviewTotal rate={silver} stateOfResidence="CO" />)
    expect(screen.getByTestId('confirm-total').textContent).toBe(total('$1,955.97*'))
    expect(screen.getByTestId('confirm-tax').textContent).toBe(tax('$56.97'))
  })

  it('has no asterisk and no footnote in a state without sales tax', () => {
    render(<ReviewTotal rate={{ ...silver, taxAmount: 0, totalRateCost: 189900 }} stateOfResidence="OR" />)
    expect(screen.getByTestId('confirm-total').textContent).toBe(total('$1,899'))
    expect(screen.queryByTestId('confirm-tax')).not.toBeInTheDocument()
  })

  it('has no asterisk when the rate carries no tax', () => {
    render(<ReviewTotal rate={{ ...silver, taxAmount: 0, totalRateCost: 189950 }} stateOfResidence="CO" />)
    expect(screen.getByTestId('confirm-total').textContent).toBe(total('$1,899.50'))
    expect(screen.queryByTestId('confirm-tax')).not.toBeInTheDocument()
  })

  it('shows a whole-dollar tax without cents', () => {
    render(<ReviewTotal rate={{ ...silver, taxAmount: 5700, totalRateCost: 195600 }} stateOfResidence="CO" />)
    expect(screen.getByTestId('confirm-total').textContent).toBe(total('$1,956*'))
    expect(screen.getByTestId('confirm-tax').textContent).toBe(tax('$57'))
  })
})

describe('the obligor', () => {
  const [, silver] = rates
  const obligor = silver.obligor!

  it('names who owes the coverage on the review page, without a licence where the state does not require one', async () => {
    await renderAtConfirm()
    const line = screen.getByTestId('confirm-obligor')
    expect(line).toHaveTextContent(
      fill(messages.reviewObligor, { name: obligor.name, address: obligor.address, phone: obligor.phone }),
    )
    expect(line.textContent).not.toMatch(/[{}]/)
    expect(screen.queryByTestId('confirm-obligor-licence')).not.toBeInTheDocument()
  })

  it("prints the licence the API names for the member's state", () => {
    const licence = 'Texas service contract provider registration no. LAB-TX-0171'
    render(<ReviewObligor rate={{ ...silver, obligor: { ...obligor, licence } }} />)
    expect(screen.getByTestId('confirm-obligor-licence')).toHaveTextContent(licence)
  })

  it('says nothing for a rate without an obligor', () => {
    const { container } = render(<ReviewObligor rate={{ ...silver, obligor: null }} />)
    expect(container).toBeEmptyDOMElement()
  })
})
