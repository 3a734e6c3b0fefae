import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { CreateCarBody } from '../../api/types'
import { fieldErrors, labels, options, titles } from '../../lib/product'
import { server } from '../../test/msw-server'
import { renderAtLookup } from '../../test/render-app'

const location = () => screen.getByTestId('location')
type User = Awaited<ReturnType<typeof renderAtLookup>>['user']
/** A car flag's checkbox label, by its key (domain/product.json options.carFlags). */
const flagLabel = (key: string) => options.carFlags.find((flag) => flag.key === key)?.label ?? key

/** Every POST U/car body the page sends. */
function recordCars(): CreateCarBody[] {
  const bodies: CreateCarBody[] = []
  server.use(
    http.post('*/api/institution/:iid/user/:uid/car', async ({ request }) => {
      bodies.push((await request.clone().json()) as CreateCarBody)
      return undefined
    }),
  )
  return bodies
}

/** From the lookup through the VIN page onto mileage. */
async function openMileage() {
  const view = await renderAtLookup()
  await view.user.click(screen.getByTestId('lookup-continue'))
  await view.user.type(await screen.findByTestId('vin-input'), '5YJ3E1EA7KF317000')
  await view.user.click(screen.getByTestId('vin-submit'))
  await screen.findByTestId('mileage-input')
  return view
}

/** Mileage's link to the combined form. */
async function followLink(user: User) {
  await user.click(await screen.findByRole('button', { name: labels.allCarDetails }))
  await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/details'))
}

/** From the lookup through the VIN page onto mileage, then the link to the combined form. */
async function openCarDetails() {
  const view = await openMileage()
  await followLink(view.user)
  return view
}

/** Picks `option` in the select labelled `label`. */
async function select(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(label) }))
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }))
}

describe('car details page (/user/car/details): the three answers at once', () => {
  it('checks each field with the spec texts, creates the car with the answers and goes to coverage', async () => {
    const bodies = recordCars()
    const { user } = await openCarDetails()
    expect(screen.getByRole('heading', { name: titles.carDetails })).toBeInTheDocument()
    expect(screen.getByTestId('car-line')).toHaveTextContent('2019 Tesla Model 3')
    const odometer = screen.getByTestId('car-details-odometer')
    await user.click(screen.getByTestId('car-details-submit'))
    expect(await screen.findByText(fieldErrors.required)).toBeInTheDocument()

    await user.type(odometer, '52000')
    expect(odometer).toHaveValue('52,000')
    await select(user, labels.milesPerYear, '20,000')
    await select(user, labels.yearsToOwn, '3 Years')
    await user.click(screen.getByTestId('car-details-submit'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/coverage/level'))
    expect(bodies).toEqual([
      expect.objectContaining({ vin: '5YJ3E1EA7KF317000', odometer: '52000', milesPerYear: 20000, yearsToOwn: 3 }),
    ])
  })

  it("refuses an odometer of 0 or 1,000,000 with the mileage page's texts, and asks for no coverage", async () => {
    const bodies = recordCars()
    const { user } = await openCarDetails()
    const odometer = screen.getByTestId('car-details-odometer')
    for (const [typed, error] of [
      ['0', fieldErrors.greaterThanZero],
      ['1000000', fieldErrors.sixDigits],
    ]) {
      await user.clear(odometer)
      await user.type(odometer, typed)
      await user.click(screen.getByTestId('car-details-submit'))
      expect(await screen.findByText(error)).toBeInTheDocument()
    }
    expect(location()).toHaveTextContent('/summit-cu/user/car/details')
    expect(bodies).toEqual([])
  })

  it("offers the miles-per-year page's choices and sends the one chosen as it is", async () => {
    const bodies = recordCars()
    const { user } = await openCarDetails()
    await user.click(screen.getByRole('combobox', { name: new RegExp(labels.milesPerYear) }))
    const choices = within(await screen.findByRole('listbox')).getAllByRole('option')
    expect(choices.map((choice) => choice.textContent)).toEqual(options.milesPerYear.map((o) => o.label))
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: '10,000' }))
    await user.type(screen.getByTestId('car-details-odometer'), '52000')
    await user.click(screen.getByTestId('car-details-submit'))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0].milesPerYear).toBe(10000)
  })

  it('keeps what the member typed and ticked on mileage (not submitted) and sends it with the car', async () => {
    const bodies = recordCars()
    const { user } = await openMileage()
    await user.type(screen.getByTestId('mileage-input'), '52000')
    await user.click(screen.getByRole('checkbox', { name: flagLabel('commercialUse') }))
    await followLink(user)
    expect(await screen.findByTestId('car-details-odometer')).toHaveValue('52,000')
    expect(screen.getByRole('checkbox', { name: flagLabel('commercialUse') })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: flagLabel('secondOwner') })).not.toBeChecked()
    await user.click(screen.getByTestId('car-details-submit'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/coverage/level'))
    expect(bodies).toHaveLength(1)
    expect(bodies[0].odometer).toBe('52000')
    expect(bodies[0].carFlags?.commercialUse).toBe(true)
  })

  it("offers the mileage page's car flags and sends the ones ticked here", async () => {
    const bodies = recordCars()
    const { user } = await openCarDetails()
    for (const flag of options.carFlags) {
      expect(screen.getByRole('checkbox', { name: flag.label })).not.toBeChecked()
    }
    await user.click(screen.getByRole('checkbox', { name: flagLabel('secondOwner') }))
    await user.click(screen.getByRole('checkbox', { name: flagLabel('isSalvageTitle') }))
    await user.type(screen.getByTestId('car-details-odometer'), '52000')
    await user.click(screen.getByTestId('car-details-submit'))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0].carFlags).toEqual({
      certifiedPreowned: false,
      commercialUse: false,
      hasLiftKitOrOversizeTires: false,
      isSalvageTitle: true,
      modifiedVehicle: false,
      secondOwner: true,
    })
  })

  it('goes back to the VIN page (the description page for a described car)', async () => {
    const { user } = await openCarDetails()
    await user.click(screen.getByTestId('back-button'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/lookup/vin'))
  })
})
