import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { labels, messages } from '../../lib/product'
import { renderAtLookup } from '../../test/render-app'
import { ESTIMATE_ONLY_MESSAGE } from './lookup-choice-page'

async function openEstimateOnlyDialog() {
  const view = await renderAtLookup()
  expect(screen.getByTestId('lookup-vin')).toBeChecked()
  await view.user.click(screen.getByTestId('lookup-description'))
  await view.user.click(screen.getByTestId('lookup-continue'))
  const dialog = await screen.findByRole('dialog', { name: messages.estimatesTitle })
  return { ...view, dialog }
}

describe('lookup choice', () => {
  it('goes to the VIN page by default', async () => {
    const { user } = await renderAtLookup()
    await user.click(screen.getByTestId('lookup-continue'))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup/vin'))
  })

  it(`explains estimates first; '${labels.noEnterVin}' goes to the VIN page`, async () => {
    const { user, dialog } = await openEstimateOnlyDialog()
    for (const paragraph of ESTIMATE_ONLY_MESSAGE) expect(within(dialog).getByText(paragraph)).toBeInTheDocument()
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent)
    expect(buttons).toEqual([labels.noEnterVin, labels.yesShowEstimates])
    await user.click(within(dialog).getByRole('button', { name: labels.noEnterVin }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup/vin'))
    expect(await screen.findByTestId('vin-input')).toBeInTheDocument()
  })

  it(`'${labels.yesShowEstimates}' goes to the description page`, async () => {
    const { user, dialog } = await openEstimateOnlyDialog()
    await user.click(within(dialog).getByRole('button', { name: labels.yesShowEstimates }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup/description'))
    expect(await screen.findByTestId('description-year-input')).toBeInTheDocument()
    expect(screen.getByTestId('progress-bar')).toHaveAttribute('aria-valuenow', '20')
  })

  it('closes the dialog on Escape and stays on the choice', async () => {
    const { user } = await openEstimateOnlyDialog()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByTestId('location')).toHaveTextContent('/summit-cu/user/car/lookup')
  })
})
