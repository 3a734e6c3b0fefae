import { fireEvent, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '../../test/msw-server'
import { renderApp } from '../../test/render-app'

async function openVinPage() {
  const view = renderApp('/summit-cu/splash')
  const { user } = view
  await user.type(await screen.findByTestId('email-input'), 'jane@example.com')
  await user.click(screen.getByTestId('email-submit'))
  await user.selectOptions(await screen.findByTestId('state-select'), 'CO')
  await user.click(screen.getByTestId('state-submit'))
  await user.click(await screen.findByTestId('lookup-continue'))
  await screen.findByTestId('vin-input')
  return view
}

describe('VIN page', () => {
  it('checks the length, upper-cases the VIN and moves on to mileage', async () => {
    let requested = ''
    server.use(
      http.get('*/api/institution/:iid/car/vin/:vin', ({ params, request }) => {
        requested = String(params.vin)
        expect(request.headers.get('Authorization')).toBe('Bearer t-1')
        return undefined
      }),
    )
    const { user } = await openVinPage()
    const vin = screen.getByTestId('vin-input')

    await user.type(vin, '5yj3e1ea7kf3170001')
    expect(await screen.findByText('A VIN can be a maximum of 17 digits')).toBeInTheDocument()

    await user.clear(vin)
    await user.type(vin, '5yj3e1ea7kf31')
    await user.click(screen.getByTestId('vin-submit'))
    expect(await screen.findByText('VIN must be at least 17 digits')).toBeInTheDocument()

    fireEvent.focus(vin)
    await waitFor(() => expect(screen.queryByText('VIN must be at least 17 digits')).not.toBeInTheDocument())

    await user.type(vin, '7000')
    await user.click(screen.getByTestId('vin-submit'))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/mileage'))
    expect(requested).toBe('5YJ3E1EA7KF317000')
    expect(await screen.findByTestId('car-line')).toHaveTextContent('2019 Tesla Model 3 Standard Range')
  })

  it("shows 'Vehicle not found' when the VIN does not decode, and clears it on focus", async () => {
    server.use(
      http.get('*/api/institution/:iid/car/vin/:vin', () =>
        HttpResponse.json({ error: { code: 'vehicleNotFound', message: 'failed to find vin' } }, { status: 404 }),
      ),
    )
    const { user } = await openVinPage()
    await user.type(screen.getByTestId('vin-input'), '11111111111111111')
    await user.click(screen.getByTestId('vin-submit'))
    expect(await screen.findByText('Vehicle not found')).toBeInTheDocument()
    fireEvent.focus(screen.getByTestId('vin-input'))
    await waitFor(() => expect(screen.queryByText('Vehicle not found')).not.toBeInTheDocument())
  })

  it('goes back to the lookup choice, and browser back/forward follow the flow', async () => {
    const { user } = await openVinPage()
    await user.click(screen.getByTestId('back-button'))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup'))
    expect(await screen.findByTestId('lookup-continue')).toBeInTheDocument()
  })
})
