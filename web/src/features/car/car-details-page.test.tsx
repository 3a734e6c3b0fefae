import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { CreateCarBody } from '../../api/types'
import { fieldErrors, labels, titles } from '../../lib/product'
import { server } from '../../test/msw-server'
import { renderAtLookup } from '../../test/render-app'

const location = () => screen.getByTestId('location')

/** From the lookup through the VIN page onto mileage, then the link to the combined form. */
async function openCarDetails() {
  const view = await renderAtLookup()
  await view.user.click(screen.getByTestId('lookup-continue'))
  await view.user.type(await screen.findByTestId('vin-input'), '5YJ3E1EA7KF317000')
  await view.user.click(screen.getByTestId('vin-submit'))
  await view.user.click(await screen.findByRole('button', { name: labels.allCarDetails }))
  await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/details'))
  return view
}

describe('car details page (/user/car/details): the three answers at once', () => {
  it('checks each field with the spec texts, creates the car with the answers and goes to coverage', async () => {
    const bodies: CreateCarBody[] = []
    server.use(
      http.post('*/api/institution/:iid/user/:uid/car', async ({ request }) => {
        bodies.push((await request.clone().json()) as CreateCarBody)
        return undefined
      }),
    )
    const { user } = await openCarDetails()
    expect(screen.getByRole('heading', { name: titles.carDetails })).toBeInTheDocument()
    expect(screen.getByTestId('car-line')).toHaveTextContent('2019 Tesla Model 3')
    const odometer = screen.getByTestId('car-details-odometer')
    const milesPerYear = screen.getByTestId('car-details-miles-per-year')
    await user.clear(milesPerYear)
    await user.click(screen.getByTestId('car-details-submit'))
    expect(await screen.findAllByText(fieldErrors.required)).toHaveLength(2)

    await user.type(odometer, '45k')
    await user.type(milesPerYear, '12345678')
    await user.click(screen.getByTestId('car-details-submit'))
    expect(await screen.findByText(fieldErrors.onlyNumbers)).toBeInTheDocument()
    expect(screen.getByText(fieldErrors.sixDigits)).toBeInTheDocument()

    await user.clear(odometer)
    await user.type(odometer, '52,000')
    await user.clear(milesPerYear)
    await user.type(milesPerYear, '12000')
    await user.click(screen.getByRole('combobox', { name: new RegExp(labels.yearsToOwn) }))
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '3 Years' }))
    await user.click(screen.getByTestId('car-details-submit'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/coverage/level'))
    expect(bodies).toEqual([
      expect.objectContaining({ vin: '5YJ3E1EA7KF317000', odometer: '52000', milesPerYear: 15000, yearsToOwn: 3 }),
    ])
  })

  it('goes back to the VIN page (the description page for a described car)', async () => {
    const { user } = await openCarDetails()
    await user.click(screen.getByTestId('back-button'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/lookup/vin'))
  })
})
