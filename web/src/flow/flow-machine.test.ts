import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/api-error'
import { fieldErrors, labels, messages } from '../lib/product'
import { quote } from '../test/fixtures'
import { driveTo, memberUser, personalDetails, send, settle, start, verifiedUser } from '../test/flow-harness'
import { progressOf, stepOf } from './flow-actor'
import { startRateIndex } from './flow-machine'
import { STEP_INFO, STEPS, pageTitleOf, pathOf, stepOfPath, type Step } from './steps'

describe('steps table', () => {
  it('maps every step to a unique /user/... or /splash route and back', () => {
    for (const step of STEPS) {
      expect(stepOfPath(pathOf('summit-cu', step))).toBe(step)
    }
    expect(stepOfPath('/summit-cu/user/nowhere')).toBeUndefined()
  })

  it('has the spec progress bar: ten steps of 10 %', () => {
    const bar: Step[] = [
      'lookup',
      'vinLookup',
      'mileage',
      'milesPerYear',
      'yearsToOwn',
      'coverage',
      'missingInfo',
      'sendEmail',
      'confirm',
      'payment',
    ]
    expect(bar.map((s) => STEP_INFO[s].progress)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
    expect(STEP_INFO.codeConfirmation.progress).toBe(80)
    expect(STEP_INFO.descriptionLookup.progress).toBe(20)
  })

  it('has the spec back table', () => {
    const back = Object.fromEntries(STEPS.map((s) => [s, STEP_INFO[s].back]))
    expect(back).toMatchObject({
      lookup: 'splash',
      vinLookup: 'lookup',
      descriptionLookup: 'lookup',
      mileage: 'vinLookup',
      milesPerYear: 'mileage',
      yearsToOwn: 'milesPerYear',
      coverage: 'yearsToOwn',
      missingInfo: 'coverage',
      sendEmail: 'missingInfo',
      codeConfirmation: 'missingInfo',
      confirm: 'missingInfo',
      payment: 'confirm',
      noRates: 'mileage',
      invalidState: 'splash',
      paymentError: 'payment',
      bookingError: 'confirm',
      userCreationError: 'splash',
    })
    expect(STEP_INFO.mileage.backWhenMockVin).toBe('descriptionLookup')
  })

  it('names the error states (spec section 8) in the error pages’ analytics', () => {
    const named = Object.fromEntries(
      (['noRates', 'invalidState', 'institutionContact', 'userCreationError', 'paymentError', 'bookingError'] as Step[]).map(
        (step) => [step, pageTitleOf(step)],
      ),
    )
    expect(named).toEqual({
      noRates: 'Error-NoRatesReturned',
      invalidState: 'Error-InvalidState',
      institutionContact: 'Error-NotAMember',
      userCreationError: 'Error-UserCreation',
      paymentError: 'Error-Payment',
      bookingError: 'Error-Booking',
    })
    expect(pageTitleOf('lookup')).toBe(STEP_INFO.lookup.title)
  })
})

describe('flow machine: happy path', () => {
  it('walks every step with the right progress and ends on the confirmation', async () => {
    const actor = start()
    const seen: Array<[Step | undefined, number | null]> = []
    actor.subscribe((s) => {
      const step = stepOf(s)
      if (seen.at(-1)?.[0] !== step) seen.push([step, progressOf(s)])
    })
    await driveTo('confirmation', {}, actor)
    expect(seen).toEqual([
      ['splash', null],
      ['lookup', 10],
      ['vinLookup', 20],
      ['mileage', 30],
      ['milesPerYear', 40],
      ['yearsToOwn', 50],
      ['coverage', 60],
      ['missingInfo', 70],
      ['sendEmail', 80],
      ['codeConfirmation', 80],
      ['confirm', 90],
      ['payment', 100],
      ['confirmation', null],
    ])
    const { context } = actor.getSnapshot()
    expect(context.vehicle?.vin).toBe('5YJ3E1EA7KF317000')
    expect(context.selectedRate?.rateId).toBe('rate-1')
    expect(context.session?.token).toBe('t-4')
    expect(context.payment?.trackingNumber).toBe('PAY-1')
    expect(context.confirmation?.mmpContractNumber).toBe('MMP-0001')
  })

  it('starts the carousel at index 1, or 0 with a single rate', () => {
    expect(startRateIndex(3)).toBe(1)
    expect(startRateIndex(2)).toBe(1)
    expect(startRateIndex(1)).toBe(0)
  })

  it('starts the carousel on the middle rate; too few rates go to no-rates', async () => {
    const actor = await driveTo('coverage')
    expect(actor.getSnapshot().context.selectedRateIndex).toBe(1)
    const single = await driveTo('yearsToOwn', {
      quote: () => Promise.resolve({ ...quote, rates: [quote.rates[0]] }),
    })
    // threeCardView is on: one rate is not enough
    expect(await send(single, { type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: 6 })).toBe('noRates')
  })

  it('goes straight to confirm when the email is already verified', async () => {
    const actor = await driveTo('missingInfo', { personalDetails: () => Promise.resolve({ user: verifiedUser, token: 't' }) })
    expect(await send(actor, { type: 'SUBMIT_PERSONAL_DETAILS', details: personalDetails })).toBe('confirm')
  })

  it('sends non-members to the institution contact page', async () => {
    const actor = await driveTo('missingInfo', {
      personalDetails: () => Promise.resolve({ user: { ...memberUser, isMember: false }, token: 't' }),
    })
    expect(await send(actor, { type: 'SUBMIT_PERSONAL_DETAILS', details: { ...personalDetails, isMember: false } })).toBe(
      'institutionContact',
    )
  })
})

describe('flow machine: errors', () => {
  it('sends an ineligible state to invalid-state', async () => {
    const actor = start()
    await settle(actor)
    await send(actor, { type: 'SUBMIT_EMAIL', emailAddress: 'jane@example.com' })
    expect(await send(actor, { type: 'SUBMIT_STATE', state: 'NY' })).toBe('invalidState')
    expect(await send(actor, { type: 'BACK' })).toBe('splash')
    expect(actor.getSnapshot().context.session).toBeNull()
  })

  it(`shows '${fieldErrors.vehicleNotFound}' and clears it on focus`, async () => {
    const actor = await driveTo('vinLookup', {
      decode: () => Promise.reject(new ApiError(404, 'vehicleNotFound', messages.failedToFindVin)),
    })
    expect(await send(actor, { type: 'SUBMIT_VIN', vin: '11111111111111111' })).toBe('vinLookup')
    expect(actor.getSnapshot().context.vinError).toBe(fieldErrors.vehicleNotFound)
    actor.send({ type: 'VIN_FOCUSED' })
    expect(actor.getSnapshot().context.vinError).toBeNull()
  })

  it('goes to no-rates when the quote fails', async () => {
    const actor = await driveTo('yearsToOwn', {
      quote: () => Promise.reject(new ApiError(422, 'noQuotes', messages.noQuotes)),
    })
    expect(await send(actor, { type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: 6 })).toBe('noRates')
    expect(await send(actor, { type: 'BACK' })).toBe('mileage')
  })

  it('keeps the member on the code page with the invalid-code message', async () => {
    const actor = await driveTo('codeConfirmation', {
      code: () => Promise.reject(new ApiError(400, 'invalidCode', messages.invalidCode)),
    })
    expect(await send(actor, { type: 'SUBMIT_CODE', code: '000000' })).toBe('codeConfirmation')
    expect(actor.getSnapshot().context.codeError).toBe(messages.invalidCode)
  })

  it(`offers a retry when booking fails, and booking-error on ${labels.noThankYou}`, async () => {
    let attempts = 0
    const actor = await driveTo('confirm', {
      book: () => {
        attempts += 1
        if (attempts === 1) return Promise.reject(new ApiError(502, 'bookingFailed', 'There appears to be a problem'))
        return Promise.resolve({ policyId: 'p-1', mmpContractNumber: 'MMP-1', status: 'booked' })
      },
    })
    await send(actor, { type: 'BOOK' })
    expect(actor.getSnapshot().matches({ confirm: 'bookingFailed' })).toBe(true)
    expect(actor.getSnapshot().context.bookingError).toBe('There appears to be a problem')
    expect(await send(actor, { type: 'RETRY_BOOKING' })).toBe('payment')
    expect(attempts).toBe(2)

    const declined = await driveTo('confirm', {
      book: () => Promise.reject(new ApiError(502, 'bookingFailed', 'x')),
    })
    await send(declined, { type: 'BOOK' })
    expect(await send(declined, { type: 'DECLINE_RETRY' })).toBe('bookingError')
    expect(await send(declined, { type: 'BACK' })).toBe('confirm')
  })

  it('tells the member a voided contract cannot be booked, and starts again at splash', async () => {
    const voided = `${messages.voidedUnpaid} Please start again.`
    const actor = await driveTo('confirm', {
      book: () => Promise.reject(new ApiError(409, 'voided', voided)),
    })
    await send(actor, { type: 'BOOK' })
    expect(actor.getSnapshot().matches({ confirm: 'voided' })).toBe(true)
    expect(actor.getSnapshot().context.bookingError).toBe(voided)
    await send(actor, { type: 'RETRY_BOOKING' })
    expect(actor.getSnapshot().matches({ confirm: 'voided' })).toBe(true)
    expect(await send(actor, { type: 'START_OVER' })).toBe('splash')
    const { context } = actor.getSnapshot()
    expect([context.session, context.policy, context.bookingError, context.selectedRate]).toEqual([null, null, null, null])
  })

  it('prices the car again when the address is in another state than the quote, and says why', async () => {
    const moved = 'Your address is in Texas, but your prices were for Colorado.'
    let quotes = 0
    let books = 0
    const texan = {
      ...memberUser,
      isEmailVerified: true,
      address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
    }
    const actor = await driveTo('confirm', {
      quote: () => {
        quotes += 1
        return Promise.resolve(quote)
      },
      personalDetails: () => Promise.resolve({ user: texan, token: 't-2' }),
      code: () => Promise.resolve({ user: texan, token: 't-4' }),
      book: () => {
        books += 1
        return books === 1
          ? Promise.reject(new ApiError(409, 'quoteStateChanged', moved))
          : Promise.resolve({ policyId: 'p-1', mmpContractNumber: 'MMP-1', status: 'booked' })
      },
    })
    expect(quotes).toBe(1)
    expect(await send(actor, { type: 'BOOK' })).toBe('coverage')
    const { context } = actor.getSnapshot()
    expect(context.stateOfResidence).toBe('TX')
    expect(context.notice).toEqual({ title: messages.quoteStateChangedTitle, message: moved })
    expect(context.selectedRate, 'the member chooses again').toBeNull()
    expect(quotes, 'priced again, in the address state').toBe(2)
    expect(actor.getSnapshot().matches({ coverage: 'choosing' })).toBe(true)
  })

  it('sends an address in a state the institution cannot sell in to invalid-state', async () => {
    const newYorker = {
      ...memberUser,
      isEmailVerified: true,
      address: { street: '200 Broadway', city: 'Brooklyn', state: 'NY', zip: '10007' },
    }
    const actor = await driveTo('confirm', {
      personalDetails: () => Promise.resolve({ user: newYorker, token: 't-2' }),
      code: () => Promise.resolve({ user: newYorker, token: 't-4' }),
      book: () => Promise.reject(new ApiError(409, 'quoteStateChanged', 'Your address is in NY.')),
    })
    expect(await send(actor, { type: 'BOOK' })).toBe('invalidState')
    expect(actor.getSnapshot().context.stateOfResidence).toBe('NY')
  })

  it("shows the API's message when the sign request finds the contract voided; Okay goes to payment-error", async () => {
    const voided = `${messages.voidedUnpaid} Please start again.`
    const actor = await driveTo('confirm', {
      sign: () => Promise.reject(new ApiError(409, 'voided', voided)),
    })
    expect(await send(actor, { type: 'BOOK' })).toBe('payment')
    expect(actor.getSnapshot().matches({ payment: 'failed' })).toBe(true)
    expect(actor.getSnapshot().context.paymentFailure).toBe(voided)
    expect(await send(actor, { type: 'CLOSE_PAYMENT_ERROR' })).toBe('paymentError')
    expect(actor.getSnapshot().context.paymentFailure).toBeNull()

    const failed = await driveTo('confirm', {
      sign: () => Promise.reject(new ApiError(502, 'paymentFailed', messages.paymentProblem)),
    })
    await send(failed, { type: 'BOOK' })
    expect(failed.getSnapshot().matches({ payment: 'failed' })).toBe(true)
    expect(failed.getSnapshot().context.paymentFailure).toBeNull()
  })

  it(`returns to splash with the timeout flag on '${messages.userTimeout}'`, async () => {
    const actor = await driveTo('payment', {
      verify: () => Promise.reject(new ApiError(401, 'sessionExpired', messages.userTimeout)),
    })
    await send(actor, { type: 'WIDGET_READY' })
    expect(await send(actor, { type: 'WIDGET_RESULT', result: 'r' })).toBe('splash')
    expect(actor.getSnapshot().context.sessionExpired).toBe(true)
    expect(actor.getSnapshot().context.session).toBeNull()
  })

  it('opens the payment error dialog on a declined verification, then payment-error', async () => {
    const actor = await driveTo('payment', {
      verify: () => Promise.reject(new ApiError(402, 'paymentFailed', 'Card declined')),
    })
    await send(actor, { type: 'WIDGET_READY' })
    await send(actor, { type: 'WIDGET_RESULT', result: 'r' })
    expect(actor.getSnapshot().matches({ payment: 'failed' })).toBe(true)
    expect(await send(actor, { type: 'CLOSE_PAYMENT_ERROR' })).toBe('paymentError')
    expect(await send(actor, { type: 'BACK' })).toBe('payment')
  })

  it('sends an expired session back to splash with the Session Expired flag', async () => {
    const actor = await driveTo('vinLookup', {
      decode: () => Promise.reject(new ApiError(401, 'sessionExpired', 'expired')),
    })
    expect(await send(actor, { type: 'SUBMIT_VIN', vin: '5YJ3E1EA7KF317000' })).toBe('splash')
    expect(actor.getSnapshot().context.sessionExpired).toBe(true)
  })
})

describe('flow machine: back button and route gate', () => {
  it('follows the back table from each step of the purchase', async () => {
    const cases: Step[] = [
      'lookup',
      'vinLookup',
      'mileage',
      'milesPerYear',
      'yearsToOwn',
      'coverage',
      'missingInfo',
      'sendEmail',
      'codeConfirmation',
      'confirm',
      'payment',
    ]
    for (const step of cases) {
      const actor = await driveTo(step)
      expect(await send(actor, { type: 'BACK' }), `back from ${step}`).toBe(STEP_INFO[step].back)
    }
  })

  it('keeps the chosen data when going back and forward', async () => {
    const actor = await driveTo('coverage')
    actor.send({ type: 'SELECT_RATE', index: 2 })
    await send(actor, { type: 'BACK' })
    expect(await send(actor, { type: 'GO_TO', step: 'coverage' })).toBe('coverage')
    expect(actor.getSnapshot().context.selectedRateIndex).toBe(2)
  })

  it('refuses steps whose prerequisites are missing', async () => {
    const actor = await driveTo('mileage')
    for (const step of ['coverage', 'missingInfo', 'confirm', 'payment', 'confirmation', 'noRates'] as Step[]) {
      expect(await send(actor, { type: 'GO_TO', step }), step).toBe('mileage')
    }
    expect(await send(actor, { type: 'GO_TO', step: 'vinLookup' })).toBe('vinLookup')
  })

  it('refuses every /user step without a session', async () => {
    const actor = start()
    await settle(actor)
    for (const step of STEPS.filter((s) => s !== 'splash')) {
      expect(await send(actor, { type: 'GO_TO', step }), step).toBe('splash')
    }
  })

  it('only lets a finished purchase show the confirmation (or start over)', async () => {
    const actor = await driveTo('confirmation')
    for (const step of ['payment', 'confirm', 'coverage'] as Step[]) {
      expect(await send(actor, { type: 'GO_TO', step }), step).toBe('confirmation')
    }
    expect(await send(actor, { type: 'GO_TO', step: 'splash' })).toBe('splash')
    expect(actor.getSnapshot().context.confirmation).toBeNull()
  })

  it('sends a verified member entering verify-email to personal details (missing-info)', async () => {
    for (const step of ['sendEmail', 'codeConfirmation'] as Step[]) {
      const actor = await driveTo('confirm')
      expect(await send(actor, { type: 'GO_TO', step }), step).toBe('missingInfo')
    }
  })

  it('keeps a member who has not reached personal details out of verify-email', async () => {
    const actor = await driveTo('coverage', { personalDetails: () => Promise.resolve({ user: verifiedUser, token: 't-2' }) })
    expect(await send(actor, { type: 'GO_TO', step: 'sendEmail' })).toBe('coverage')
  })
})
