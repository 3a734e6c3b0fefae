import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { AnalyticsEvent } from '../../api/types'
import { fieldErrors, fill, labels, messages, screens } from '../../lib/product'
import { server } from '../../test/msw-server'
import { apiError, empty } from '../../test/respond'
import { renderAtLookup } from '../../test/render-app'
import { NOT_FOUND_MESSAGE } from './description-page'

const C = '*/api/institution/:iid/car'
type User = Awaited<ReturnType<typeof renderAtLookup>>['user']

async function openDescriptionPage() {
  const view = await renderAtLookup()
  await view.user.click(screen.getByTestId('lookup-description'))
  await view.user.click(screen.getByTestId('lookup-continue'))
  await view.user.click(await screen.findByRole('button', { name: labels.yesShowEstimates }))
  await screen.findByTestId('description-year-input')
  return view
}

const input = (field: string) => screen.getByTestId(`description-${field}-input`)

async function choose(user: User, field: string, option: string) {
  await waitFor(() => expect(input(field)).toBeEnabled())
  await user.click(input(field))
  // A field focused by the failed submit is already open: that click closed it again.
  if (!screen.queryByRole('listbox')) await user.keyboard('{ArrowDown}')
  await user.click(await screen.findByRole('option', { name: option }))
  await waitFor(() => expect(input(field)).toHaveValue(option))
}

describe('description page', () => {
  it('requires every field, loads each list in turn and clears later fields on a change', async () => {
    const lists: string[] = []
    server.use(
      http.get<{ iid: string; list: string }>(`${C}/:list`, ({ params, request }) => {
        lists.push(`${params.list}?${new URL(request.url).searchParams}`)
        return undefined
      }),
    )
    const { user } = await openDescriptionPage()
    await waitFor(() => expect(lists).toEqual(['years?']))
    expect(input('make')).toBeDisabled()

    await user.click(screen.getByTestId('description-submit'))
    expect(await screen.findAllByText(fieldErrors.required)).toHaveLength(4)

    await choose(user, 'year', '2020')
    expect(screen.queryAllByText(fieldErrors.required)).toHaveLength(0)
    await choose(user, 'make', 'Honda')
    await choose(user, 'model', 'Accord')
    await choose(user, 'style', 'EX 1.5L FWD Sedan')
    expect(lists).toEqual([
      'years?',
      'makes?year=2020',
      'models?year=2020&make=Honda',
      'styles?year=2020&make=Honda&model=Accord',
    ])

    await choose(user, 'year', '2021')
    await waitFor(() => expect(input('make')).toHaveValue(''))
    expect(input('model')).toHaveValue('')
    expect(input('style')).toHaveValue('')
    expect(input('model')).toBeDisabled()
    expect(input('style')).toBeDisabled()
    expect(lists.at(-1)).toBe('makes?year=2021')
  })

  it('finds the mock VIN and shows the described car on mileage', async () => {
    let query = ''
    server.use(
      http.get(`${C}/vin`, ({ request }) => {
        query = new URL(request.url).search
        return undefined
      }),
    )
    const { user } = await openDescriptionPage()
    await choose(user, 'year', '2020')
    await choose(user, 'make', 'Honda')
    await choose(user, 'model', 'Accord')
    await choose(user, 'style', 'EX 1.5L FWD Sedan')
    await user.click(screen.getByTestId('description-submit'))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/mileage'))
    expect(query).toBe('?year=2020&make=Honda&model=Accord&style=EX+1.5L+FWD+Sedan')
    expect(await screen.findByTestId('car-line')).toHaveTextContent('2020 Honda Accord EX 1.5L FWD Sedan')

    // Back from mileage returns to the description, still filled in.
    await user.click(screen.getByTestId('back-button'))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup/description'))
    expect(await screen.findByTestId('description-style-input')).toHaveValue('EX 1.5L FWD Sedan')
  })

  it('empties a list that fails to load and sends an analytics error event', async () => {
    const events: AnalyticsEvent[] = []
    server.use(
      http.get(`${C}/makes`, () => apiError('internal', 'x', 500)),
      http.post('*/api/institution/:iid/user/:uid/analytics', async ({ request }) => {
        const { data } = (await request.json()) as { data: AnalyticsEvent }
        if (data.hitType === 'event') events.push(data) // not the pageviews
        return empty('record', 202)
      }),
    )
    const { user } = await openDescriptionPage()
    await choose(user, 'year', '2020')
    await waitFor(() => expect(events).toHaveLength(1))
    expect(events[0]).toMatchObject({
      hitType: 'event',
      eventCategory: 'ErrorEncountered',
      eventAction: 'DescriptionField',
      eventLabel: 'makes',
    })
    expect(events[0].deviceUserAgentString).toBeTruthy()
    await user.click(input('make'))
    expect(await screen.findByText(messages.noOptions)).toBeInTheDocument()
    expect(screen.queryAllByRole('option')).toHaveLength(0)
  })

  it('offers to load the years again when they failed, and fills the list', async () => {
    let yearRequests = 0
    server.use(
      http.get(`${C}/years`, () => {
        yearRequests += 1
        return yearRequests === 1 ? apiError('internal', 'x', 500) : undefined
      }),
    )
    const { user } = await openDescriptionPage()
    const alert = await screen.findByTestId('description-lookup-error')
    expect(alert).toHaveTextContent(messages.somethingWentWrong)
    await user.click(within(alert).getByRole('button', { name: labels.tryAgain }))
    await waitFor(() => expect(screen.queryByTestId('description-lookup-error')).not.toBeInTheDocument())
    await choose(user, 'year', '2020')
    expect(yearRequests).toBe(2)
  })

  it('asks to try again when the vehicle is not found: Yes stays, No goes to no-rates', async () => {
    server.use(http.get(`${C}/vin`, () => apiError('vehicleNotFound', messages.failedToFindVin, 404)))
    const { user } = await openDescriptionPage()
    await choose(user, 'year', '2020')
    await choose(user, 'make', 'Honda')
    await choose(user, 'model', 'Accord')
    await choose(user, 'style', 'Sport 2.0T')
    await user.click(screen.getByTestId('description-submit'))

    let dialog = await screen.findByRole('dialog', { name: messages.vehicleLookupTitle })
    for (const paragraph of NOT_FOUND_MESSAGE) expect(within(dialog).getByText(paragraph)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: screens.car.yesButton }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup/description')
    expect(input('style')).toHaveValue('Sport 2.0T')

    await user.click(screen.getByTestId('description-submit'))
    dialog = await screen.findByRole('dialog', { name: messages.vehicleLookupTitle })
    await user.click(within(dialog).getByRole('button', { name: screens.car.noButton }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/no-rates'))
    expect(await screen.findByTestId('no-rates-page')).toBeInTheDocument()
  })

  it('says when there were too many look-ups or the connection dropped, without the couldn’t-find dialog', async () => {
    let answerWith: () => Response = () => {
      const response = apiError('rateLimited', 'Too many vehicle lookups. Please wait a minute and try again.', 429)
      response.headers.set('Retry-After', '12')
      return response
    }
    server.use(http.get(`${C}/vin`, () => answerWith()))
    const { user } = await openDescriptionPage()
    await choose(user, 'year', '2020')
    await choose(user, 'make', 'Honda')
    await choose(user, 'model', 'Accord')
    await choose(user, 'style', 'EX 1.5L FWD Sedan')
    await user.click(screen.getByTestId('description-submit'))
    expect(await screen.findByText(fill(messages.tooManyLookups, { seconds: '12' }))).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    answerWith = () => HttpResponse.error()
    await user.click(screen.getByTestId('description-submit'))
    expect(await screen.findByText(messages.connectionProblem)).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup/description')
  })
})
