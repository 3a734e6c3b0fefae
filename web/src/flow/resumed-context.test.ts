import { describe, expect, it } from 'vitest'
import {
  bookedPolicy,
  car,
  confirmation,
  describedVehicle,
  institution,
  quote,
  recordedAnswers,
  resumedAt,
  severalStylesVehicle,
  user,
  verifiedMember,
} from '../test/fixtures'
import { checkoutAnswersOf } from './checkout-answers'
import { contactRequestBody } from './contact-request'
import { carBody } from './flow-setup'
import { initialContext } from './flow-context'
import { canVisit } from './gate'
import { forgetImpactModalSeen, rememberImpactModalSeen } from './impact-modal'
import { resumedContext, resumedStep } from './resumed-context'

const fresh = initialContext('summit-cu', institution)

function restored(...args: Parameters<typeof resumedAt>) {
  const resumed = resumedAt(...args)
  return { ...fresh, ...resumedContext(fresh, resumed) }
}

describe('resumedStep: where a resumed checkout goes on', () => {
  it('is the step the server recorded, never the splash or the user-creation error', () => {
    expect(resumedStep(resumedAt('coverage'))).toBe('coverage')
    expect(resumedStep(resumedAt('codeConfirmation'))).toBe('codeConfirmation')
    expect(resumedStep(resumedAt('thankYou'))).toBe('thankYou')
    expect(resumedStep(resumedAt('splash'))).toBeNull()
    expect(resumedStep(resumedAt('userCreationError'))).toBeNull()
    expect(resumedStep(resumedAt('somewhere' as never))).toBeNull()
    expect(resumedStep({ ...resumedAt('lookup'), checkout: null })).toBeNull()
  })

  it('is the confirmation once paid, whatever step was recorded; a recorded confirmation without its data is payment', () => {
    expect(resumedStep(resumedAt('payment', { status: 'paid', policy: bookedPolicy, confirmation }))).toBe('confirmation')
    expect(resumedStep(resumedAt('confirmation', { status: 'paid', policy: bookedPolicy }))).toBe('payment')
  })
})

describe('resumedContext: the flow as if the member had come through the steps', () => {
  it('has the new session, the member, the answers, the car, its quote and the chosen rate', () => {
    const context = restored('confirm')
    expect(context.session).toEqual({ institutionId: 'summit-cu', userId: user.userId, token: 't-restored' })
    expect(context.user).toEqual(verifiedMember)
    expect(context.emailAddress).toBe(user.emailAddress)
    expect(context.stateOfResidence).toBe('CO')
    expect(context.vehicle).toEqual({ ...recordedAnswers.vehicle, vehicleType: 'car' })
    expect(context.isMockVin).toBe(false)
    expect(context.odometer).toBe('45000')
    expect([context.milesPerYear, context.yearsToOwn]).toEqual([15000, 6])
    expect(context.car).toEqual(car)
    expect(context.quote?.quoteId).toBe(quote.quoteId)
    expect(context.selectedRateIndex).toBe(2)
    expect(context.selectedRate?.rateId).toBe('rate-2')
    expect(context.gates.sort()).toEqual(['carLookup', 'confirm', 'personalDetails'])
    expect(context.impactModalSeen).toBe(true)
    expect(context.restoreSource).toBeNull()
  })

  it("lets the web's gate in at the step the server recorded", () => {
    for (const step of ['lookup', 'mileage', 'coverage', 'missingInfo', 'confirm'] as const) {
      expect(canVisit(restored(step), step), step).toBe(true)
    }
    const unverified = { ...verifiedMember, isEmailVerified: false }
    expect(canVisit(restored('sendEmail', { user: unverified }), 'sendEmail')).toBe(true)
    expect(canVisit(restored('codeConfirmation', { user: unverified, facts: { codeSent: true } }), 'codeConfirmation')).toBe(true)
    const booked = restored('payment', { status: 'booked', policy: bookedPolicy })
    expect(booked.policy).toEqual(bookedPolicy)
    expect(canVisit(booked, 'payment')).toBe(true)
    const paid = restored('payment', { status: 'paid', policy: { ...bookedPolicy, status: 'paid' }, confirmation })
    expect(paid.confirmation).toEqual(confirmation)
    expect(paid.payment).toEqual({ trackingNumber: 'PAY-1', paymentDate: '11/22/2026', amount: 195597 })
    expect(canVisit(paid, 'confirmation')).toBe(true)
    expect(canVisit(paid, 'coverage')).toBe(false)
  })

  it('starts the carousel on the middle card when no coverage was chosen yet', () => {
    const context = restored('coverage', { answers: { rate: null } })
    expect(context.selectedRate).toBeNull()
    expect(context.selectedRateIndex).toBe(1)
    expect(context.gates).toEqual(['carLookup'])
  })

  it('keeps a described car: mock VIN, its description for the lookup page', () => {
    const described = { ...describedVehicle, year: 2020, isMockVin: true }
    const { vehicleType: _, ...recorded } = described
    const context = restored('mileage', {
      answers: { vehicle: recorded, odometer: null, carId: null, quoteId: null, rate: null },
    })
    expect(context.isMockVin).toBe(true)
    expect(context.description).toEqual({ year: '2020', make: 'Honda', model: 'Accord', style: 'EX 1.5L FWD Sedan' })
    expect([context.odometer, context.car, context.quote]).toEqual([null, null, null])
    expect(context.impactModalSeen).toBe(false)
  })

  it("keeps the style chosen for a VIN that fits several: the checkout's answers and the car send it again", () => {
    const { vin, year, make, model } = severalStylesVehicle
    const context = restored('milesPerYear', {
      answers: { vehicle: { vin, year, make, model, style: 'Sport', isMockVin: false }, carId: null, quoteId: null, rate: null },
    })
    expect(context.vehicle).toMatchObject({ vin, style: 'Sport' })
    expect(checkoutAnswersOf(context).vehicle).toEqual({ vin, style: 'Sport' })
    expect(carBody(context)).toMatchObject({ vin, style: 'Sport', odometer: '45000' })
  })

  it('keeps the impact modal seen when this tab saw it in the session, even without a car (a reload)', () => {
    const mileage = { answers: { odometer: null, carId: null, quoteId: null, rate: null } }
    expect(restored('mileage', mileage).impactModalSeen).toBe(false)
    rememberImpactModalSeen(user.userId)
    try {
      expect(restored('mileage', mileage).impactModalSeen).toBe(true)
      rememberImpactModalSeen('someone-else')
      expect(restored('mileage', mileage).impactModalSeen).toBe(false)
    } finally {
      forgetImpactModalSeen()
    }
  })

  it('shows the impact modal after a reload with a car but before coverage (mileage creates the car)', () => {
    const beforeCoverage = restored('milesPerYear', { answers: { quoteId: null, rate: null } })
    expect(beforeCoverage.car).toEqual(car)
    expect(beforeCoverage.quote).toBeNull()
    expect(beforeCoverage.impactModalSeen).toBe(false)
  })

  it('drops a car or quote that is not of the recorded vehicle, and a rate that is not of the quote', () => {
    const otherVin = { ...recordedAnswers.vehicle!, vin: '1HGCM82633A004352' }
    expect(restored('mileage', { answers: { vehicle: otherVin } }).car).toBeNull()
    const unknownRate = restored('coverage', { answers: { rate: { rateId: 'rate-9', index: 0 } } })
    expect(unknownRate.selectedRate).toBeNull()
    expect(unknownRate.selectedRateIndex).toBe(1)
  })

  it('keeps the bounce: why the member left, where contact-me goes back, payment options', () => {
    const context = restored('contactMe', {
      answers: { bounce: { pageUserBouncedFrom: 'validCarNoRates', contactOrigin: 'noRates', paymentOptionsRequested: true } },
    })
    expect([context.pageUserBouncedFrom, context.contactOrigin, context.paymentOptionsRequested]).toEqual([
      'validCarNoRates',
      'noRates',
      true,
    ])
    expect(
      restored('contactMe', { answers: { bounce: { contactOrigin: 'nowhere' as never, paymentOptionsRequested: false } } })
        .contactOrigin,
    ).toBeNull()
  })

  it("keeps what the member's newest contact request told us: name, phone, email and consent", () => {
    const member = { ...user, isMember: true, isEmailVerified: true }
    const contactRequest = {
      pageUserBouncedFrom: 'validCarNoRates',
      collectedInfo: {
        emailAddress: 'jane.doe@example.com',
        firstName: 'Jane',
        lastName: 'Doe',
        phoneNumber: '3035550142',
        chosenStateOfResidence: 'CO',
        vin: recordedAnswers.vehicle!.vin,
      },
      doesConsentToEmail: false,
      institutionContact: true,
    }
    const context = restored('thankYou', {
      user: member,
      contactRequest,
      answers: { bounce: { pageUserBouncedFrom: 'validCarNoRates', contactOrigin: 'noRates', paymentOptionsRequested: false } },
    })
    expect(context.contactDetails).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      phoneNumber: '3035550142',
      emailAddress: 'jane.doe@example.com',
    })
    expect(context.doesConsentToEmail).toBe(false)
    // What thank-you lists, and the request it would send: the same as before the reload.
    const body = contactRequestBody(context, context.contactOrigin)
    expect(body.pageUserBouncedFrom).toBe('validCarNoRates')
    expect(body.doesConsentToEmail).toBe(false)
    expect(body.collectedInfo).toMatchObject({
      firstName: 'Jane',
      lastName: 'Doe',
      phoneNumber: '3035550142',
      emailAddress: 'jane.doe@example.com',
    })
  })

  it('fills what a contact request did not carry from the account; without one, nothing is made up', () => {
    const request = { pageUserBouncedFrom: 'bookingError', doesConsentToEmail: true, institutionContact: true }
    const fromAccount = restored('bookingError', {
      contactRequest: { ...request, collectedInfo: { emailAddress: user.emailAddress } },
    })
    expect(fromAccount.contactDetails).toEqual({
      firstName: verifiedMember.firstName,
      lastName: verifiedMember.lastName,
      phoneNumber: verifiedMember.phoneNumber,
      emailAddress: user.emailAddress,
    })
    const unreadable = restored('thankYou', { user, contactRequest: { ...request, collectedInfo: null } })
    expect(unreadable.contactDetails).toEqual({ firstName: '', lastName: '', phoneNumber: '', emailAddress: user.emailAddress })
    const none = restored('coverage')
    expect(none.contactDetails).toBeNull()
    expect(none.doesConsentToEmail).toBe(true) // the checkbox's default
  })

  it('knows a code was sent, and an ineligible state opens no car lookup', () => {
    expect(restored('codeConfirmation', { facts: { codeSent: true } }).codeSent).toBe(true)
    const invalid = restored('invalidState', { answers: { ...recordedAnswers, stateOfResidence: 'NY', vehicle: null } })
    expect(invalid.stateOfResidence).toBe('NY')
    expect(invalid.gates).toEqual([])
  })
})
