import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { PersonalDetailsBody } from '../../api/types'
import { fieldErrors, fill, screens } from '../../lib/product'
import { institution } from '../../test/fixtures'
import { server } from '../../test/msw-server'
import { apiError } from '../../test/respond'
import { dismissImpactModal, fillPersonalDetails, renderAtCoverage } from '../../test/render-app'

const U = '*/api/institution/:iid/user/:uid'

/**
 * PUT U refusing as update_user does (domain/src/contact.rs), one field per answer: a name of other
 * characters than letters and spaces (Unicode letters allowed), a zip of other characters than
 * digits; anything else falls through to the default handler, which saves.
 */
function serverRules() {
  const sent: PersonalDetailsBody[] = []
  server.use(
    http.put(U, async ({ request }) => {
      const body = (await request.clone().json()) as PersonalDetailsBody
      sent.push(body)
      if (!/^[\p{Alphabetic} ]+$/u.test(body.firstName ?? '')) {
        return apiError('validation', fieldErrors.nameLetters, 400, 'firstName')
      }
      if (!/^\d+$/.test(body.address?.zip ?? '')) return apiError('validation', fieldErrors.numbersOnly, 400, 'zip')
      return undefined
    }),
  )
  return sent
}

/**
 * PUT U refusing `field` with `message` while `refuses` says so: a rule of the server's the form
 * does not check (the server stays the judge); anything else falls through and saves.
 */
function serverRefuses(field: string, message: string, refuses: (body: PersonalDetailsBody) => boolean) {
  const sent: PersonalDetailsBody[] = []
  server.use(
    http.put(U, async ({ request }) => {
      const body = (await request.clone().json()) as PersonalDetailsBody
      sent.push(body)
      return refuses(body) ? apiError('validation', message, 400, field) : undefined
    }),
  )
  return sent
}

async function toPersonalDetails() {
  const view = await renderAtCoverage()
  await dismissImpactModal(view.user)
  await view.user.click(screen.getByTestId('purchase-button'))
  await fillPersonalDetails(view.user)
  await view.user.click(screen.getByTestId('member-yes'))
  return view
}

describe('personal details: the form', () => {
  it("labels each field and asks about membership by the institution's name", async () => {
    const TEXTS = screens.personalDetails
    await toPersonalDetails()
    expect(screen.getByLabelText(TEXTS.firstName)).toBe(screen.getByTestId('first-name-input'))
    expect(screen.getByLabelText(TEXTS.lastName)).toBe(screen.getByTestId('last-name-input'))
    expect(screen.getByLabelText(TEXTS.address)).toBe(screen.getByTestId('street-input'))
    expect(screen.getByLabelText(TEXTS.city)).toBe(screen.getByTestId('city-input'))
    expect(screen.getByLabelText(TEXTS.state)).toBe(screen.getByTestId('state-input'))
    expect(screen.getByLabelText(TEXTS.zipCode)).toBe(screen.getByTestId('zip-input'))
    const membership = screen.getByRole('radiogroup', { name: fill(TEXTS.memberQuestion, { institution: institution.name }) })
    expect(membership).toContainElement(screen.getByRole('radio', { name: TEXTS.yes }))
    expect(membership).toContainElement(screen.getByRole('radio', { name: TEXTS.no }))
    expect(screen.getByTestId('personal-details-submit')).toHaveTextContent(TEXTS.continueButton)
  })
})

describe('personal details: every mistake at once', () => {
  it('shows the error of each of three bad fields after one submit, and sends nothing', async () => {
    // The server refuses one field per answer (error.field): the form must find them all itself.
    const sent = serverRules()
    const { user } = await toPersonalDetails()
    const firstName = screen.getByTestId('first-name-input')
    const city = screen.getByTestId('city-input')
    const zip = screen.getByTestId('zip-input')
    await user.clear(firstName)
    await user.type(firstName, 'J4ne')
    await user.clear(city)
    await user.type(city, 'Denver 2')
    await user.clear(zip)
    await user.type(zip, '8020a')
    await user.click(screen.getByTestId('personal-details-submit'))

    await waitFor(() => expect(firstName).toHaveAccessibleDescription(fieldErrors.nameLetters))
    expect(city).toHaveAccessibleDescription(fieldErrors.cityLetters)
    expect(zip).toHaveAccessibleDescription(fieldErrors.numbersOnly)
    for (const field of [firstName, city, zip]) expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByTestId('last-name-input')).not.toHaveAttribute('aria-invalid', 'true')
    expect(sent).toEqual([])
  })
})

describe("personal details: the server's field rules", () => {
  it(`shows the server's refusal of a name under ${screens.personalDetails.firstName}, then saves the fixed one`, async () => {
    const sent = serverRefuses('firstName', fieldErrors.nameLetters, (body) => body.firstName === 'Zed')
    const { user } = await toPersonalDetails()
    const firstName = screen.getByTestId('first-name-input')
    await user.clear(firstName)
    await user.type(firstName, 'Zed')
    await user.click(screen.getByTestId('personal-details-submit'))

    await waitFor(() => expect(firstName).toHaveAccessibleDescription(fieldErrors.nameLetters))
    expect(firstName).toHaveAttribute('aria-invalid', 'true')
    expect(firstName).toHaveFocus()
    expect(screen.getByTestId('last-name-input')).not.toHaveAttribute('aria-invalid', 'true')
    // On the field, not again in the page's general error.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(sent.map((body) => body.firstName)).toEqual(['Zed'])

    await user.clear(firstName)
    await user.type(firstName, 'José')
    await user.click(screen.getByTestId('personal-details-submit'))
    await waitFor(() => expect(screen.queryByTestId('first-name-input')).not.toBeInTheDocument())
    expect(sent.map((body) => body.firstName)).toEqual(['Zed', 'José'])
  })

  it(`shows the server's refusal of a zip under ${screens.personalDetails.zipCode}`, async () => {
    serverRefuses('zip', fieldErrors.zip, (body) => body.address?.zip === '00000')
    const { user } = await toPersonalDetails()
    const zip = screen.getByTestId('zip-input')
    await user.clear(zip)
    await user.type(zip, '00000')
    await user.click(screen.getByTestId('personal-details-submit'))

    await waitFor(() => expect(zip).toHaveAccessibleDescription(fieldErrors.zip))
    expect(zip).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByTestId('first-name-input')).not.toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows a refusal of a field the form does not have in the general error', async () => {
    // The state comes from the splash: no field of the form stands for it.
    server.use(http.put(U, () => apiError('validation', fieldErrors.state, 400, 'state')))
    const { user } = await toPersonalDetails()
    await user.click(screen.getByTestId('personal-details-submit'))
    expect(await screen.findByRole('alert')).toHaveTextContent(fieldErrors.state)
    expect(screen.getByTestId('first-name-input')).not.toHaveAttribute('aria-invalid', 'true')
  })
})
