import { describe, expect, it } from 'vitest'
import { car, institution, quote, user } from '../test/fixtures'
import {
  bounceFactsOf,
  bounceSource,
  collectedInfoOf,
  contactRequestBody,
  isPlainContactRequest,
  type BounceFacts,
} from './contact-request'
import { initialContext, type FlowContext } from './flow-context'

const none: BounceFacts = {
  paymentError: false,
  bookingError: false,
  paymentOptionsRequested: false,
  stateContactRequest: false,
  isMockVin: false,
  pageUserBouncedFrom: null,
}

describe('bounceSource: the priority of spec section 4', () => {
  const all: BounceFacts = {
    paymentError: true,
    bookingError: true,
    paymentOptionsRequested: true,
    stateContactRequest: true,
    isMockVin: false,
    pageUserBouncedFrom: 'validCarNoRates',
  }

  it('1. payment error beats everything', () => {
    expect(bounceSource(all)).toBe('paymentError')
    expect(bounceSource({ ...all, isMockVin: true })).toBe('paymentError')
  })

  it('2. then booking error', () => {
    expect(bounceSource({ ...all, paymentError: false })).toBe('bookingError')
  })

  it('3. then payment options requested, mock-VIN or normal', () => {
    const options = { ...all, paymentError: false, bookingError: false }
    expect(bounceSource(options)).toBe('paymentOptions')
    expect(bounceSource({ ...options, isMockVin: true })).toBe('mockVinPaymentOptions')
  })

  it('4. then a state contact request', () => {
    expect(bounceSource({ ...all, paymentError: false, bookingError: false, paymentOptionsRequested: false })).toBe(
      'stateContactRequest',
    )
  })

  it('5. then the page bounced from earlier', () => {
    expect(bounceSource({ ...none, pageUserBouncedFrom: 'validCarNoRates' })).toBe('validCarNoRates')
    expect(bounceSource({ ...none, pageUserBouncedFrom: 'mockVinExpertGuidance', isMockVin: true })).toBe('mockVinExpertGuidance')
    expect(bounceSource({ ...none, pageUserBouncedFrom: 'notAMember' })).toBe('notAMember')
  })

  it('6. else a plain contact request (mock-VIN variant)', () => {
    expect(bounceSource(none)).toBe('contactRequest')
    expect(bounceSource({ ...none, isMockVin: true })).toBe('mockVinContactRequest')
    expect(isPlainContactRequest('contactRequest')).toBe(true)
    expect(isPlainContactRequest('mockVinContactRequest')).toBe(true)
    expect(isPlainContactRequest('notAMember')).toBe(false)
  })
})

describe('the contact request from the flow context', () => {
  const context = (patch: Partial<FlowContext> = {}): FlowContext => ({
    ...initialContext('summit-cu', institution),
    user: { ...user, firstName: 'Jane', lastName: 'Doe', phoneNumber: '3035550142' },
    stateOfResidence: 'CO',
    ...patch,
  })

  it('takes the facts from the page it is made on', () => {
    expect(bounceFactsOf(context(), 'paymentError').paymentError).toBe(true)
    expect(bounceFactsOf(context(), 'bookingError').bookingError).toBe(true)
    expect(bounceFactsOf(context(), 'invalidState').stateContactRequest).toBe(true)
    expect(bounceFactsOf(context({ paymentOptionsRequested: true, isMockVin: true }), 'coverage')).toMatchObject({
      paymentOptionsRequested: true,
      isMockVin: true,
    })
  })

  it('collects the member without a car', () => {
    expect(collectedInfoOf(context())).toEqual({
      emailAddress: 'jane@example.com',
      chosenStateOfResidence: 'CO',
      firstName: 'Jane',
      lastName: 'Doe',
      phoneNumber: '3035550142',
      state: 'CO',
    })
  })

  it('adds the car, the habits and the rates once a car is known; contact details win', () => {
    const info = collectedInfoOf(
      context({
        car,
        quote,
        contactDetails: { firstName: 'Janet', lastName: 'Doe', phoneNumber: '7205550100', emailAddress: 'janet@example.com' },
      }),
    )
    expect(info).toMatchObject({
      firstName: 'Janet',
      phoneNumber: '7205550100',
      emailAddress: 'janet@example.com',
      vin: car.vin,
      year: 2019,
      make: 'Tesla',
      model: 'Model 3',
      style: 'Standard Range',
      milesPerYear: 15000,
      yearsToOwn: 6,
      currentOdometer: 45000,
    })
    expect(info.rateArray).toHaveLength(3)
  })

  it("sends the contact-me form's membership answers, else what personal details said (issue 28)", () => {
    const details = { firstName: 'Ann', lastName: 'Lee', phoneNumber: '3035550100', emailAddress: 'ann@example.com' }
    const asked = collectedInfoOf(
      context({ user: null, contactDetails: { ...details, isMember: false, wantsMembershipInfo: true } }),
    )
    expect(asked).toMatchObject({ isMember: false, wantsMembershipInfo: true })
    const member = collectedInfoOf(context({ user: { ...user, isMember: true }, contactDetails: null }))
    expect(member.isMember).toBe(true)
    expect(member).not.toHaveProperty('wantsMembershipInfo')
  })

  it('builds the payload with consent and the bounce', () => {
    const body = contactRequestBody(context({ doesConsentToEmail: false }), 'invalidState')
    expect(body).toMatchObject({
      pageUserBouncedFrom: 'stateContactRequest',
      doesConsentToEmail: false,
      institutionContact: true,
    })
  })

  it('uses the splash email when there is no user (user-creation error)', () => {
    const info = collectedInfoOf({ ...initialContext('summit-cu', institution), emailAddress: 'new@example.com' })
    expect(info).toEqual({ emailAddress: 'new@example.com' })
  })
})
