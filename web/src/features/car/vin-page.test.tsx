import { fireEvent, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { VIN_REPAIRED_NOTE } from '../../components/vin-form'
import { fieldErrors, fill, labels, messages } from '../../lib/product'
import { PHOTO_VIN } from '../../test/handlers'
import { server } from '../../test/msw-server'
import { answer, apiError } from '../../test/respond'
import { renderAtLookup } from '../../test/render-app'

const C = '*/api/institution/:iid/car'

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
    expect(await screen.findByText('Reading your VIN…')).toBeInTheDocument()
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
