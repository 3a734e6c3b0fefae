import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { CheckoutStepBody } from '../../api/types'
import { labels, messages, screens } from '../../lib/product'
import { quote, rates, resumedAt } from '../../test/fixtures'
import { server } from '../../test/msw-server'
import { answer, apiError } from '../../test/respond'
import { renderApp, renderAtLookup, renderQuotedByVin } from '../../test/render-app'

const U = '*/api/institution/:iid/user/:uid'
const C = '*/api/institution/:iid/car'

/** The checkout steps the app records (PUT U/checkout), to read the bounce a reload would find. */
function recordCheckout() {
  const puts: CheckoutStepBody[] = []
  server.use(
    http.put(`${U}/checkout`, async ({ request }) => {
      puts.push((await request.clone().json()) as CheckoutStepBody)
      return undefined
    }),
  )
  return puts
}

/** The no-rates page with its title and text. */
async function expectNoRatesPage(title: string, text: string) {
  const page = await screen.findByTestId('no-rates-page', {}, { timeout: 5000 })
  expect(within(page).getByTestId('error-title')).toHaveTextContent(title)
  expect(within(page).getByText(text)).toBeInTheDocument()
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/no-rates'))
}

describe('no-rates: its own words for each cause', () => {
  it("after 'we couldn't find your vehicle' (No on the description lookup's dialog)", async () => {
    server.use(http.get(`${C}/vin`, () => apiError('vehicleNotFound', messages.failedToFindVin, 404)))
    const { user } = await renderAtLookup()
    await user.click(screen.getByTestId('lookup-description'))
    await user.click(screen.getByTestId('lookup-continue'))
    await user.click(await screen.findByRole('button', { name: labels.yesShowEstimates }))
    for (const [field, option] of [
      ['year', '2020'],
      ['make', 'Honda'],
      ['model', 'Accord'],
      ['style', 'Sport 2.0T'],
    ]) {
      const input = await screen.findByTestId(`description-${field}-input`)
      await waitFor(() => expect(input).toBeEnabled())
      await user.click(input)
      await user.click(await screen.findByRole('option', { name: option }))
    }
    await user.click(screen.getByTestId('description-submit'))
    const dialog = await screen.findByRole('dialog', { name: messages.vehicleLookupTitle })
    await user.click(within(dialog).getByRole('button', { name: screens.car.noButton }))

    await expectNoRatesPage(messages.vehicleUnknownTitle, messages.vehicleUnknown)
  })

  it('when no rate came back', async () => {
    server.use(http.post(`${U}/quote`, () => answer('create_quote', { ...quote, rates: [] }, 201)))
    await renderQuotedByVin()
    await expectNoRatesPage(messages.noRatesTitle, messages.noRates)
  })

  it('when the quote request failed', async () => {
    server.use(http.post(`${U}/quote`, () => apiError('noQuotes', messages.noQuotes, 422)))
    await renderQuotedByVin()
    await expectNoRatesPage(messages.noRatesTitle, messages.noRates)
  })

  it('when only two options came back and the institution shows three (threeCardView)', async () => {
    const puts = recordCheckout()
    server.use(http.post(`${U}/quote`, () => answer('create_quote', { ...quote, rates: rates.slice(0, 2) }, 201)))
    await renderQuotedByVin()
    await expectNoRatesPage(messages.tooFewRatesTitle, messages.tooFewRates)
    // What a reload finds again (below): the cause is in the recorded bounce.
    await waitFor(() => expect(puts.at(-1)?.step).toBe('noRates'))
    expect(puts.at(-1)?.answers?.bounce?.pageUserBouncedFrom).toBe('validCarTooFewRates')
  })
})

describe('no-rates after a reload: the same words', () => {
  it.each([
    ['descriptionLookup', messages.vehicleUnknownTitle, messages.vehicleUnknown],
    ['validCarNoRates', messages.noRatesTitle, messages.noRates],
    ['mockVinNoRates', messages.noRatesTitle, messages.noRates],
    ['validCarTooFewRates', messages.tooFewRatesTitle, messages.tooFewRates],
    ['mockVinTooFewRates', messages.tooFewRatesTitle, messages.tooFewRates],
  ])('recorded bounce %s', async (pageUserBouncedFrom, title, text) => {
    const resumed = resumedAt('noRates', {
      answers: {
        carId: null,
        quoteId: null,
        rate: null,
        bounce: { pageUserBouncedFrom, contactOrigin: null, paymentOptionsRequested: false },
      },
    })
    server.use(http.post('*/api/institution/:iid/session/restore', () => answer('restore', resumed)))
    renderApp('/summit-cu/user/no-rates')
    await expectNoRatesPage(title, text)
  })
})
