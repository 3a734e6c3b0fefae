import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { CheckoutStepBody, CreateCarBody } from '../../api/types'
import { VIN_REPAIRED_NOTE } from '../../components/vin-form'
import { fieldErrors, fill, labels, messages, screens } from '../../lib/product'
import { severalStylesVehicle, vehicle, wrongCheckDigitVehicle } from '../../test/fixtures'
import { PHOTO_VIN } from '../../test/handlers'
import { server } from '../../test/msw-server'
import { answer, apiError } from '../../test/respond'
import { renderAtLookup } from '../../test/render-app'

const C = '*/api/institution/:iid/car'
const U = '*/api/institution/:iid/user/:uid'
const location = () => screen.getByTestId('location')

/** 'Your VIN fits more than one style of 2021 Jeep Renegade. …' */
const CHOOSE_STYLE_HELP = fill(messages.chooseStyleHelp, { vehicle: '2021 Jeep Renegade' })
/** 'Please check this VIN against your registration: … a 2022 Kia Sorento. …' */
const CHECK_DIGIT_WARNING = fill(messages.vinCheckDigitWarning, { vehicle: '2022 Kia Sorento' })

/** Every POST U/car body, and the vehicle of every PUT U/checkout answers, the app sends. */
function recordRequests() {
  const cars: CreateCarBody[] = []
  const checkoutVehicles: unknown[] = []
  server.use(
    http.post(`${U}/car`, async ({ request }) => {
      cars.push((await request.clone().json()) as CreateCarBody)
      return undefined
    }),
    http.put(`${U}/checkout`, async ({ request }) => {
      checkoutVehicles.push(((await request.clone().json()) as CheckoutStepBody).answers?.vehicle)
      return undefined
    }),
  )
  return { cars, checkoutVehicles }
}

async function openVinPage() {
  const view = await renderAtLookup()
  await view.user.click(screen.getByTestId('lookup-continue'))
  await screen.findByTestId('vin-input')
  return view
}

function photo(name = 'vin.png', type = 'image/png', bytes = 2048) {
  return new File([new Uint8Array(bytes)], name, { type })
}

/** Picks a file on the hidden input the way the browser does after the camera or file chooser. */
function pickFile(file: File) {
  fireEvent.change(screen.getByTestId('vin-photo-input'), { target: { files: [file] } })
}

describe('VIN page', () => {
  it('checks the length, upper-cases the VIN and moves on to mileage', async () => {
    let requested = ''
    server.use(
      http.get(`${C}/vin/:vin`, ({ params, request }) => {
        requested = String(params.vin)
        expect(request.headers.get('Authorization')).toBe('Bearer t-1')
        return undefined
      }),
    )
    const { user } = await openVinPage()
    const vin = screen.getByTestId('vin-input')

    await user.type(vin, '5yj3e1ea7kf3170001')
    expect(await screen.findByText(fieldErrors.vinTooLong)).toBeInTheDocument()

    await user.clear(vin)
    await user.type(vin, '5yj3e1ea7kf31')
    await user.click(screen.getByTestId('vin-submit'))
    expect(await screen.findByText(fieldErrors.vinTooShort)).toBeInTheDocument()

    fireEvent.focus(vin)
    await waitFor(() => expect(screen.queryByText(fieldErrors.vinTooShort)).not.toBeInTheDocument())

    await user.type(vin, '7000')
    await user.click(screen.getByTestId('vin-submit'))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/mileage'))
    expect(requested).toBe('5YJ3E1EA7KF317000')
    expect(await screen.findByTestId('car-line')).toHaveTextContent('2019 Tesla Model 3 Standard Range')
  })

  it(`shows '${fieldErrors.vehicleNotFound}' when the VIN does not decode, and clears it on focus`, async () => {
    server.use(http.get(`${C}/vin/:vin`, () => apiError('vehicleNotFound', messages.failedToFindVin, 404)))
    const { user } = await openVinPage()
    await user.type(screen.getByTestId('vin-input'), '11111111111111111')
    await user.click(screen.getByTestId('vin-submit'))
    expect(await screen.findByText(fieldErrors.vehicleNotFound)).toBeInTheDocument()
    fireEvent.focus(screen.getByTestId('vin-input'))
    await waitFor(() => expect(screen.queryByText(fieldErrors.vehicleNotFound)).not.toBeInTheDocument())
  })

  it('says when there were too many look-ups (from Retry-After) or the connection dropped, not that the vehicle is unknown', async () => {
    let answerWith: () => Response = () => {
      const response = apiError('rateLimited', 'Too many vehicle lookups. Please wait a minute and try again.', 429)
      response.headers.set('Retry-After', '30')
      return response
    }
    server.use(http.get(`${C}/vin/:vin`, () => answerWith()))
    const { user } = await openVinPage()
    await user.type(screen.getByTestId('vin-input'), '5YJ3E1EA7KF317000')
    await user.click(screen.getByTestId('vin-submit'))
    expect(await screen.findByText(fill(messages.tooManyLookups, { seconds: '30' }))).toBeInTheDocument()
    expect(screen.queryByText(fieldErrors.vehicleNotFound)).not.toBeInTheDocument()

    answerWith = () => HttpResponse.error()
    await user.click(screen.getByTestId('vin-submit'))
    expect(await screen.findByText(messages.connectionProblem)).toBeInTheDocument()
    expect(screen.queryByText(fieldErrors.vehicleNotFound)).not.toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup/vin')
  })

  it('goes back to the lookup choice, and browser back/forward follow the flow', async () => {
    const { user } = await openVinPage()
    await user.click(screen.getByTestId('back-button'))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup'))
    expect(await screen.findByTestId('lookup-continue')).toBeInTheDocument()
  })
})

describe('VIN page: a VIN that fits several styles (issue 28)', () => {
  it('asks for the style among the candidates before mileage, and the car and the checkout carry the one chosen', async () => {
    const { cars, checkoutVehicles } = recordRequests()
    const { user } = await openVinPage()
    await user.type(screen.getByTestId('vin-input'), severalStylesVehicle.vin)
    await user.click(screen.getByTestId('vin-submit'))

    const styles = await screen.findByRole('radiogroup', { name: labels.vehicleStyle })
    expect(
      within(styles)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['Freedom', 'Jeepster', 'Sport', 'Upland'])
    expect(screen.getByText(CHOOSE_STYLE_HELP)).toBeInTheDocument()
    expect(location()).toHaveTextContent('/summit-cu/user/car/lookup/vin')

    // The choice is required.
    await user.click(screen.getByTestId('vin-submit'))
    expect(await screen.findByText(fieldErrors.chooseStyle)).toBeInTheDocument()
    expect(location()).toHaveTextContent('/summit-cu/user/car/lookup/vin')

    await user.click(screen.getByRole('radio', { name: 'Sport' }))
    await waitFor(() => expect(screen.queryByText(fieldErrors.chooseStyle)).not.toBeInTheDocument())
    await user.click(screen.getByTestId('vin-submit'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/mileage'))
    expect(await screen.findByTestId('car-line')).toHaveTextContent('2021 Jeep Renegade Sport')
    await waitFor(() => expect(checkoutVehicles.at(-1)).toEqual({ vin: severalStylesVehicle.vin, style: 'Sport' }))

    await user.type(screen.getByTestId('mileage-input'), '45000')
    await user.click(screen.getByTestId('mileage-submit'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/miles-per-year'))
    expect(cars).toEqual([expect.objectContaining({ vin: severalStylesVehicle.vin, style: 'Sport', odometer: '45000' })])
    expect(
      checkoutVehicles.every((answered) => answered === undefined || (answered as { style?: string }).style === 'Sport'),
    ).toBe(true)
  })

  it('starts over when the member changes the VIN and continues', async () => {
    const { user } = await openVinPage()
    const vin = screen.getByTestId('vin-input')
    await user.type(vin, severalStylesVehicle.vin)
    await user.click(screen.getByTestId('vin-submit'))
    await screen.findByRole('radiogroup', { name: labels.vehicleStyle })

    await user.clear(vin)
    await user.type(vin, vehicle.vin)
    await waitFor(() => expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument())
    await user.click(screen.getByTestId('vin-submit'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/mileage'))
    expect(await screen.findByTestId('car-line')).toHaveTextContent('2019 Tesla Model 3 Standard Range')

    // Back on the VIN page, the several-style VIN asks again.
    await user.click(screen.getByTestId('back-button'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/lookup/vin'))
    await user.clear(await screen.findByTestId('vin-input'))
    await user.type(screen.getByTestId('vin-input'), severalStylesVehicle.vin)
    await user.click(screen.getByTestId('vin-submit'))
    await screen.findByRole('radiogroup', { name: labels.vehicleStyle })
    expect(screen.getByRole('radio', { name: 'Sport' })).not.toBeChecked()
    expect(location()).toHaveTextContent('/summit-cu/user/car/lookup/vin')
  })

  it('asks again on the VIN page when the server refuses the style the car was created with', async () => {
    let refuse = true
    const cars: CreateCarBody[] = []
    server.use(
      http.post(`${U}/car`, async ({ request }) => {
        cars.push((await request.clone().json()) as CreateCarBody)
        return refuse ? apiError('validation', fieldErrors.chooseStyle, 400, 'style') : undefined
      }),
    )
    const { user } = await openVinPage()
    await user.type(screen.getByTestId('vin-input'), severalStylesVehicle.vin)
    await user.click(screen.getByTestId('vin-submit'))
    await user.click(await screen.findByRole('radio', { name: 'Sport' }))
    await user.click(screen.getByTestId('vin-submit'))
    await user.type(await screen.findByTestId('mileage-input'), '45000')
    await user.click(screen.getByTestId('mileage-submit'))

    // Not the no-rates page: the choice again, with the server's message on it.
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/lookup/vin'))
    expect(await screen.findByRole('radiogroup', { name: labels.vehicleStyle })).toBeInTheDocument()
    expect(screen.getByText(fieldErrors.chooseStyle)).toBeInTheDocument()

    refuse = false
    await user.click(screen.getByRole('radio', { name: 'Upland' }))
    await user.click(screen.getByTestId('vin-submit'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/mileage'))
    expect(screen.getByTestId('mileage-input')).toHaveValue('45,000')
    await user.click(screen.getByTestId('mileage-submit'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/miles-per-year'))
    expect(cars.map((body) => body.style)).toEqual(['Sport', 'Upland'])
  })
})

describe('VIN page: a VIN whose check digit is wrong but whose vehicle is known (issue 28)', () => {
  it('goes on to mileage with a soft warning, kept back and forth, gone once another VIN is decoded', async () => {
    const { user } = await openVinPage()
    await user.type(screen.getByTestId('vin-input'), wrongCheckDigitVehicle.vin)
    await user.click(screen.getByTestId('vin-submit'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/mileage'))
    const warning = await screen.findByTestId('vin-check-digit-warning')
    expect(warning).toHaveTextContent(CHECK_DIGIT_WARNING)
    expect(warning).toHaveClass('MuiAlert-colorWarning')

    // The quote proceeds, and mileage warns again when the member comes back to it.
    await user.type(screen.getByTestId('mileage-input'), '45000')
    await user.click(screen.getByTestId('mileage-submit'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/miles-per-year'))
    await user.click(screen.getByTestId('back-button'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/mileage'))
    expect(await screen.findByTestId('vin-check-digit-warning')).toHaveTextContent(CHECK_DIGIT_WARNING)

    // The combined car-details page warns too; its back goes to the VIN page.
    await user.click(screen.getByRole('button', { name: labels.allCarDetails }))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/details'))
    expect(await screen.findByTestId('vin-check-digit-warning')).toHaveTextContent(CHECK_DIGIT_WARNING)
    await user.click(screen.getByTestId('back-button'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/lookup/vin'))
    await user.clear(await screen.findByTestId('vin-input'))
    await user.type(screen.getByTestId('vin-input'), vehicle.vin)
    await user.click(screen.getByTestId('vin-submit'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/mileage'))
    await screen.findByTestId('mileage-input')
    expect(screen.queryByTestId('vin-check-digit-warning')).not.toBeInTheDocument()
  })

  it('warns on the style choice too when both apply', async () => {
    server.use(
      http.get(`${C}/vin/:vin`, () =>
        answer('decode_vin', {
          data: { ...severalStylesVehicle, vin: 'ZACNJDAB1MPN15099', checkDigitMismatch: true },
        }),
      ),
    )
    const { user } = await openVinPage()
    await user.type(screen.getByTestId('vin-input'), 'ZACNJDAB1MPN15099')
    await user.click(screen.getByTestId('vin-submit'))
    await screen.findByRole('radiogroup', { name: labels.vehicleStyle })
    expect(screen.getByTestId('vin-check-digit-warning')).toHaveTextContent(
      fill(messages.vinCheckDigitWarning, { vehicle: '2021 Jeep Renegade' }),
    )
    await user.click(screen.getByRole('radio', { name: 'Jeepster' }))
    await user.click(screen.getByTestId('vin-submit'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/mileage'))
    expect(await screen.findByTestId('vin-check-digit-warning')).toBeInTheDocument()
    expect(screen.getByTestId('car-line')).toHaveTextContent('2021 Jeep Renegade Jeepster')
  })
})

describe('VIN page: a photo of the VIN', () => {
  it('uploads the photo, reads the VIN into the field, and waits for the member to continue', async () => {
    const calls: string[] = []
    let upload: { contentType: string | null; bytes: number; auth: string | null } | undefined
    let releaseReading: () => void = () => {}
    const reading = new Promise<void>((resolve) => (releaseReading = resolve))
    server.use(
      http.get<{ iid: string; uid: string }>(`${C}/vin/ocr/drop/:uid`, ({ params, request }) => {
        calls.push(`drop ${params.uid} ${new URL(request.url).searchParams.get('mime')}`)
        return undefined
      }),
      http.put('*/api/vin-photo/:dropId', async ({ request }) => {
        upload = {
          contentType: request.headers.get('Content-Type'),
          bytes: (await request.arrayBuffer()).byteLength,
          auth: request.headers.get('Authorization'),
        }
        calls.push('put')
        return undefined
      }),
      http.get<{ iid: string; uid: string; dropId: string }>(`${C}/vin/ocr/drop/:uid/:dropId`, async ({ params }) => {
        calls.push(`read ${params.dropId}`)
        await reading
        return undefined
      }),
      http.get<{ iid: string; vin: string }>(`${C}/vin/:vin`, ({ params }) => {
        calls.push(`decode ${params.vin}`)
        return undefined
      }),
    )
    const { user } = await openVinPage()
    const button = screen.getByRole('button', { name: labels.takeVinPhoto })
    const input = screen.getByTestId('vin-photo-input')
    expect(input).toHaveAttribute('type', 'file')
    expect(input).toHaveAttribute('accept', 'image/*')
    expect(input).toHaveAttribute('capture', 'environment')
    expect(input).toHaveAttribute('tabindex', '-1')

    // The button opens the (hidden) file input, from the keyboard too.
    let opened = 0
    input.addEventListener('click', () => (opened += 1))
    button.focus()
    await user.keyboard('{Enter}')
    expect(opened).toBe(1)

    pickFile(photo())
    expect(await screen.findByText(screens.components.readingVin)).toBeInTheDocument()
    expect(button).toBeDisabled()
    releaseReading()

    await waitFor(() => expect(screen.getByTestId('vin-input')).toHaveValue(PHOTO_VIN))
    expect(screen.getByTestId('vin-photo-note')).toHaveTextContent(messages.vinFromPhoto)
    expect(calls).toEqual(['drop u-1 image/png', 'put', 'read drop-1'])
    // The URL is the credential: no token. (jsdom's File reaches msw's XHR interceptor serialized, so
    // only the presence of a body is checked here; Playwright uploads a real PNG.)
    expect(upload).toMatchObject({ contentType: 'image/png', auth: null })
    expect(upload?.bytes).toBeGreaterThan(0)
    // Never submitted by itself.
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup/vin')

    // Editing the VIN hides the note; the member continues themselves.
    await user.type(screen.getByTestId('vin-input'), '{Backspace}')
    expect(screen.queryByTestId('vin-photo-note')).not.toBeInTheDocument()
    await user.type(screen.getByTestId('vin-input'), '2')
    await user.click(screen.getByTestId('vin-submit'))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/mileage'))
    expect(calls.at(-1)).toBe(`decode ${PHOTO_VIN}`)
  })

  it('decodes a VIN read from a photo like a typed one: several styles ask for the choice, a wrong check digit warns', async () => {
    let read = severalStylesVehicle.vin
    server.use(
      http.get(`${C}/vin/ocr/drop/:uid/:dropId`, () =>
        answer('read_drop', { data: { vin: read, source: 'barcode', repaired: false } }),
      ),
    )
    const { user } = await openVinPage()
    pickFile(photo())
    await waitFor(() => expect(screen.getByTestId('vin-input')).toHaveValue(severalStylesVehicle.vin))
    await user.click(screen.getByTestId('vin-submit'))
    await screen.findByRole('radiogroup', { name: labels.vehicleStyle })
    expect(location()).toHaveTextContent('/summit-cu/user/car/lookup/vin')

    // Another photo: another VIN, so the choice goes, and its decode starts over.
    read = wrongCheckDigitVehicle.vin
    pickFile(photo())
    await waitFor(() => expect(screen.getByTestId('vin-input')).toHaveValue(wrongCheckDigitVehicle.vin))
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument()
    await user.click(screen.getByTestId('vin-submit'))
    await waitFor(() => expect(location()).toHaveTextContent('/summit-cu/user/car/mileage'))
    expect(await screen.findByTestId('vin-check-digit-warning')).toHaveTextContent(CHECK_DIGIT_WARNING)
  })

  it("shows the server's message when the VIN cannot be read, and lets the member try another photo", async () => {
    server.use(http.get(`${C}/vin/ocr/drop/:uid/:dropId`, () => apiError('validation', messages.photoNoVin, 422)))
    await openVinPage()
    pickFile(photo())
    expect(await screen.findByTestId('vin-photo-error')).toHaveTextContent(messages.photoNoVin)
    expect(screen.getByTestId('vin-input')).toHaveValue('')
    expect(screen.getByRole('button', { name: labels.takeVinPhoto })).toBeEnabled()

    server.resetHandlers()
    pickFile(photo())
    await waitFor(() => expect(screen.getByTestId('vin-input')).toHaveValue(PHOTO_VIN))
    expect(screen.queryByTestId('vin-photo-error')).not.toBeInTheDocument()
  })

  it('asks the member to check every character when the reader corrected one', async () => {
    server.use(
      http.get(`${C}/vin/ocr/drop/:uid/:dropId`, () =>
        answer('read_drop', { data: { vin: PHOTO_VIN, source: 'text', repaired: true } }),
      ),
    )
    await openVinPage()
    pickFile(photo())
    await waitFor(() => expect(screen.getByTestId('vin-input')).toHaveValue(PHOTO_VIN))
    expect(screen.getByTestId('vin-photo-note')).toHaveTextContent(VIN_REPAIRED_NOTE)
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup/vin')
  })

  it("shows the upload's error message", async () => {
    server.use(http.put('*/api/vin-photo/:dropId', () => apiError('unauthorized', messages.photoLinkInvalid, 403)))
    await openVinPage()
    pickFile(photo('vin.jpg', 'image/jpeg'))
    expect(await screen.findByTestId('vin-photo-error')).toHaveTextContent(messages.photoLinkInvalid)
  })

  it('refuses a file that is not a photo, or over 10 MB, before uploading', async () => {
    let drops = 0
    server.use(
      http.get(`${C}/vin/ocr/drop/:uid`, () => {
        drops += 1
        return undefined
      }),
    )
    await openVinPage()
    pickFile(photo('vin.pdf', 'application/pdf'))
    expect(await screen.findByTestId('vin-photo-error')).toHaveTextContent(messages.photoNotAPhotoType)
    const large = photo('large.jpg', 'image/jpeg', 1)
    Object.defineProperty(large, 'size', { value: 10 * 1024 * 1024 + 1 })
    pickFile(large)
    expect(await screen.findByText(messages.photoTooLarge)).toBeInTheDocument()
    expect(drops).toBe(0)
  })
})
