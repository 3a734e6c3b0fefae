import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { CreateCarBody } from '../../api/types'
import { fieldErrors, fill, labels, messages, options, screens } from '../../lib/product'
import { describedVehicle, severalStylesVehicle, vehicle } from '../../test/fixtures'
import { PHOTO_VIN } from '../../test/handlers'
import { server } from '../../test/msw-server'
import { apiError } from '../../test/respond'
import { dismissImpactModal, renderAtLookup } from '../../test/render-app'

const C = '*/api/institution/:iid/car'
const REAL_VIN = '1HGCM82633A004352'
/** The carousel's position line: option `position` of three. */
const optionOf3 = (position: number) => fill(screens.coverage.position, { position: String(position), count: '3' })
type User = Awaited<ReturnType<typeof renderAtLookup>>['user']
/** A car flag's checkbox label, by its key (domain/product.json options.carFlags). */
const flagLabel = (key: string) => options.carFlags.find((flag) => flag.key === key)?.label ?? key

async function choose(user: User, field: string, option: string) {
  const input = await screen.findByTestId(`description-${field}-input`)
  await waitFor(() => expect(input).toBeEnabled())
  await user.click(input)
  await user.click(await screen.findByRole('option', { name: option }))
}

/** Describes 2020 Honda Accord EX, ticks two car flags and goes on to coverage. */
async function coverageForDescribedCar() {
  const view = await renderAtLookup()
  const { user } = view
  await user.click(screen.getByTestId('lookup-description'))
  await user.click(screen.getByTestId('lookup-continue'))
  await user.click(await screen.findByRole('button', { name: labels.yesShowEstimates }))
  await choose(user, 'year', '2020')
  await choose(user, 'make', 'Honda')
  await choose(user, 'model', 'Accord')
  await choose(user, 'style', 'EX 1.5L FWD Sedan')
  await user.click(screen.getByTestId('description-submit'))

  await user.type(await screen.findByTestId('mileage-input'), '45000')
  expect(screen.getByTestId('mileage-input')).toHaveValue('45,000')
  await user.click(screen.getByRole('checkbox', { name: flagLabel('commercialUse') }))
  await user.click(screen.getByRole('checkbox', { name: flagLabel('secondOwner') }))
  await user.click(screen.getByTestId('mileage-submit'))
  await user.click(await screen.findByTestId('miles-per-year-submit'))
  await user.click(await screen.findByTestId('years-to-own-submit'))
  await screen.findByTestId('rate-card')
  await dismissImpactModal(user)
  return view
}

describe('coverage: the real-VIN prompt for a described car', () => {
  it(`reads '${labels.enterVin}', asks for the VIN, re-creates the car with it and re-quotes, then reads 'Purchase'`, async () => {
    const cars: CreateCarBody[] = []
    let quotes = 0
    server.use(
      http.post('*/api/institution/:iid/user/:uid/car', async ({ request }) => {
        cars.push((await request.clone().json()) as CreateCarBody)
        return undefined
      }),
      http.post('*/api/institution/:iid/user/:uid/quote', () => {
        quotes += 1
        return undefined
      }),
      http.get(`${C}/vin/:vin`, ({ params }) =>
        params.vin === '11111111111111111' ? apiError('vehicleNotFound', messages.failedToFindVin, 404) : undefined,
      ),
    )
    const { user } = await coverageForDescribedCar()
    // Mileage and miles per year created temporary cars; years to own the member's (spec section 4).
    const described = cars.length
    expect(cars.at(-1)).toEqual({
      vin: describedVehicle.vin,
      style: describedVehicle.style,
      carFlags: {
        certifiedPreowned: false,
        commercialUse: true,
        hasLiftKitOrOversizeTires: false,
        isSalvageTitle: false,
        modifiedVehicle: false,
        secondOwner: true,
      },
      odometer: '45000',
      milesPerYear: 15000,
      yearsToOwn: 6,
    })
    expect(screen.getByTestId('estimate-note')).toHaveTextContent('Estimated prices for a 2020 Honda Accord.')
    await user.click(screen.getByTestId('rate-next'))
    expect(screen.getByText(optionOf3(3))).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: labels.enterVin }))
    const dialog = await screen.findByRole('dialog', { name: labels.enterVinToPurchase })
    expect(getComputedStyle(dialog).width).toBe('250px') // spec section 9's dialog width below 961 px
    const vin = within(dialog).getByTestId('real-vin-input')
    await waitFor(() => expect(vin).toHaveFocus())

    await user.type(vin, '1111111111111111')
    await user.click(within(dialog).getByTestId('real-vin-submit'))
    expect(await within(dialog).findByText(fieldErrors.vinTooShort)).toBeInTheDocument()
    await user.type(vin, '1')
    await user.click(within(dialog).getByTestId('real-vin-submit'))
    expect(await within(dialog).findByText(fieldErrors.vehicleNotFound)).toBeInTheDocument()
    fireEvent.focus(vin)
    await waitFor(() => expect(within(dialog).queryByText(fieldErrors.vehicleNotFound)).not.toBeInTheDocument())

    await user.clear(vin)
    await user.type(vin, REAL_VIN.toLowerCase())
    await user.click(within(dialog).getByTestId('real-vin-submit'))

    await waitFor(() => expect(screen.getByRole('button', { name: labels.purchase })).toBeInTheDocument())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.queryByTestId('estimate-note')).not.toBeInTheDocument()
    expect(cars[described]).toEqual({ ...cars[described - 1], vin: REAL_VIN, style: vehicle.style })
    expect(quotes).toBe(2)
    // The real VIN's quote offers the same options at the same prices: the member's choice stays.
    expect(screen.getByText(optionOf3(3))).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/coverage/level')

    await user.click(screen.getByRole('button', { name: labels.purchase }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/missing-info'))
  })

  it(`takes the VIN from a photo too, and ${screens.coverage.cancelButton} keeps the estimates`, async () => {
    const { user } = await coverageForDescribedCar()
    await user.click(screen.getByRole('button', { name: labels.enterVin }))
    const dialog = await screen.findByRole('dialog', { name: labels.enterVinToPurchase })
    fireEvent.change(within(dialog).getByTestId('real-vin-photo-input'), {
      target: { files: [new File([new Uint8Array(64)], 'vin.jpg', { type: 'image/jpeg' })] },
    })
    await waitFor(() => expect(within(dialog).getByTestId('real-vin-input')).toHaveValue(PHOTO_VIN))
    expect(within(dialog).getByTestId('real-vin-photo-note')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: screens.coverage.cancelButton }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: labels.enterVin })).toBeInTheDocument()
  })

  it('asks for the style of a real VIN that fits several styles, and creates the car with the one chosen', async () => {
    const cars: CreateCarBody[] = []
    server.use(
      http.post('*/api/institution/:iid/user/:uid/car', async ({ request }) => {
        cars.push((await request.clone().json()) as CreateCarBody)
        return undefined
      }),
    )
    const { user } = await coverageForDescribedCar()
    const described = cars.length
    await user.click(screen.getByRole('button', { name: labels.enterVin }))
    const dialog = await screen.findByRole('dialog', { name: labels.enterVinToPurchase })
    await user.type(within(dialog).getByTestId('real-vin-input'), severalStylesVehicle.vin)
    await user.click(within(dialog).getByTestId('real-vin-submit'))

    const styles = await within(dialog).findByRole('radiogroup', { name: labels.vehicleStyle })
    expect(within(dialog).getByText(fill(messages.chooseStyleHelp, { vehicle: '2021 Jeep Renegade' }))).toBeInTheDocument()
    expect(cars).toHaveLength(described)
    await user.click(within(dialog).getByTestId('real-vin-submit'))
    expect(await within(dialog).findByText(fieldErrors.chooseStyle)).toBeInTheDocument()

    await user.click(within(styles).getByRole('radio', { name: 'Upland' }))
    await user.click(within(dialog).getByTestId('real-vin-submit'))
    await waitFor(() => expect(screen.getByRole('button', { name: labels.purchase })).toBeInTheDocument())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(cars[described]).toEqual({ ...cars[described - 1], vin: severalStylesVehicle.vin, style: 'Upland' })
  })

  it('keeps the estimates when the member cancels the style choice', async () => {
    const { user } = await coverageForDescribedCar()
    await user.click(screen.getByRole('button', { name: labels.enterVin }))
    const dialog = await screen.findByRole('dialog', { name: labels.enterVinToPurchase })
    await user.type(within(dialog).getByTestId('real-vin-input'), severalStylesVehicle.vin)
    await user.click(within(dialog).getByTestId('real-vin-submit'))
    await within(dialog).findByRole('radiogroup', { name: labels.vehicleStyle })

    await user.click(within(dialog).getByRole('button', { name: screens.coverage.cancelButton }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: labels.enterVin })).toBeInTheDocument()
    expect(screen.getByTestId('estimate-note')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: labels.enterVin }))
    const again = await screen.findByRole('dialog', { name: labels.enterVinToPurchase })
    expect(within(again).queryByRole('radiogroup')).not.toBeInTheDocument()
  })
})
