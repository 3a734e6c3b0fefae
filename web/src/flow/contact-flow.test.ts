import { describe, expect, it } from 'vitest'
import type { AnalyticsEvent } from '../api/types'
import { labels, messages } from '../lib/product'
import { quote } from '../test/fixtures'
import { driveTo, memberUser, personalDetails, send, settle, start, type Fakes } from '../test/flow-harness'
import { stepOf } from './flow-actor'
import { impactModalSeenBy } from './impact-modal'
import { CONTACT_ORIGINS } from './states/contact-states'

type Contacts = NonNullable<Fakes['contacts']>

describe('coverage page: expert guidance, payment options, analytics once, impact modal', () => {
  it(`expert guidance: '${labels.noThanks}' keeps the member on coverage, Yes goes to contact-me flagged for it`, async () => {
    const actor = await driveTo('coverage')
    actor.send({ type: 'REQUEST_EXPERT_GUIDANCE' })
    expect(actor.getSnapshot().matches({ coverage: 'expertGuidance' })).toBe(true)
    actor.send({ type: 'DECLINE_EXPERT_GUIDANCE' })
    expect(actor.getSnapshot().matches({ coverage: 'choosing' })).toBe(true)

    actor.send({ type: 'REQUEST_EXPERT_GUIDANCE' })
    expect(await send(actor, { type: 'CONFIRM_EXPERT_GUIDANCE' })).toBe('contactMe')
    const { context } = actor.getSnapshot()
    expect(context.pageUserBouncedFrom).toBe('expertGuidance')
    expect(context.contactOrigin).toBe('coverage')
    // Back to coverage clears the bounce and keeps the selected rate (no new quote).
    expect(await send(actor, { type: 'BACK' })).toBe('coverage')
    expect(actor.getSnapshot().context.pageUserBouncedFrom).toBeNull()
  })

  it('payment option: contact-me, then thank-you sends paymentOptions', async () => {
    const contacts: Contacts = []
    const actor = await driveTo('coverage', { contacts })
    expect(await send(actor, { type: 'REQUEST_PAYMENT_OPTION' })).toBe('contactMe')
    expect(
      await send(actor, {
        type: 'SUBMIT_CONTACT_DETAILS',
        details: {
          firstName: 'Jane',
          lastName: 'Doe',
          phoneNumber: '3035550142',
          emailAddress: 'jane@example.com',
          isMember: true,
        },
      }),
    ).toBe('thankYou')
    expect(actor.getSnapshot().matches({ thankYou: 'sent' })).toBe(true)
    expect(contacts).toHaveLength(1)
    expect(contacts[0].body.pageUserBouncedFrom).toBe('paymentOptions')
    expect(contacts[0].body.collectedInfo).toMatchObject({
      firstName: 'Jane',
      phoneNumber: '3035550142',
      vin: '5YJ3E1EA7KF317000',
    })
  })

  it('sends each coverage analytics event once per session', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await driveTo('coverage', { analytics })
    for (let i = 0; i < 2; i++) {
      actor.send({ type: 'FLIP_CARD' })
      actor.send({ type: 'SELECT_RATE', index: 2 })
      actor.send({ type: 'SELECT_RATE', index: 0 })
      actor.send({ type: 'REQUEST_EXPERT_GUIDANCE' })
      await send(actor, { type: 'CONFIRM_EXPERT_GUIDANCE' })
      await send(actor, { type: 'BACK' })
      await send(actor, { type: 'REQUEST_PAYMENT_OPTION' })
      await send(actor, { type: 'BACK' })
    }
    await settle(actor)
    const coverageEvents = analytics.filter((e) => e.eventCategory === 'CoverageSelection').map((e) => e.eventAction)
    expect(coverageEvents).toEqual(['CardFlip', 'ViewDifferentRates', 'ExpertGuidanceRequest', 'PaymentOptionRequest'])
  })

  it('does not count selecting the rate already on screen as viewing another', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await driveTo('coverage', { analytics })
    actor.send({ type: 'SELECT_RATE', index: 1 })
    await settle(actor)
    expect(analytics.filter((e) => e.eventAction === 'ViewDifferentRates')).toHaveLength(0)
  })

  it('shows the impact modal once per session: not again in it, again in the next one (a reset clears it)', async () => {
    const actor = await driveTo('coverage')
    expect(actor.getSnapshot().context.impactModalSeen).toBe(false)
    actor.send({ type: 'DISMISS_IMPACT_MODAL' })
    await send(actor, { type: 'BACK' })
    await send(actor, { type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: 6 })
    expect(actor.getSnapshot().context.impactModalSeen).toBe(true)
    expect(impactModalSeenBy(memberUser.userId)).toBe(true)
    actor.send({ type: 'GO_TO', step: 'splash' })
    expect(actor.getSnapshot().context.impactModalSeen).toBe(false)
    expect(impactModalSeenBy(memberUser.userId)).toBe(false)
  })

  it('resets the selected rate when the miles per year change, keeps it otherwise', async () => {
    const actor = await driveTo('coverage')
    actor.send({ type: 'SELECT_RATE', index: 2 })
    await send(actor, { type: 'BACK' })
    expect(await send(actor, { type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: 6 })).toBe('coverage')
    // Same car (the fake answers the same carId), same habits: the member's choice stays.
    expect(actor.getSnapshot().context.selectedRateIndex).toBe(2)
    await send(actor, { type: 'BACK' })
    await send(actor, { type: 'BACK' })
    await send(actor, { type: 'SUBMIT_MILES_PER_YEAR', milesPerYear: 20000 })
    expect(await send(actor, { type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: 6 })).toBe('coverage')
    expect(actor.getSnapshot().context.selectedRateIndex).toBe(1)
  })

  it('starts at index 0 when a single rate comes back and threeCardView is off', async () => {
    const actor = start({ quote: () => Promise.resolve({ ...quote, rates: [quote.rates[0]] }) })
    await settle(actor)
    const institution = actor.getSnapshot().context.institution!
    institution.applicationSettings = { ...institution.applicationSettings, threeCardView: false }
    await driveTo('coverage', {}, actor)
    expect(actor.getSnapshot().context.selectedRateIndex).toBe(0)
  })

  it('a failed quote records the bounce, sends an error event and goes to no-rates', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await driveTo('yearsToOwn', {
      analytics,
      quote: () => Promise.reject(new Error(messages.noQuotes)),
    })
    expect(await send(actor, { type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: 6 })).toBe('noRates')
    expect(actor.getSnapshot().context.pageUserBouncedFrom).toBe('validCarNoRates')
    expect(analytics).toContainEqual(
      expect.objectContaining({ eventCategory: 'ErrorEncountered', eventAction: 'NoRates', eventLabel: 'validCarNoRates' }),
    )
  })
})

describe('contact paths', () => {
  it('non-member: institution-contact, then thank-you sends notAMember once', async () => {
    const contacts: Contacts = []
    const actor = await driveTo('missingInfo', {
      contacts,
      personalDetails: () => Promise.resolve({ user: { ...memberUser, isMember: false, phoneNumber: '3035550142' }, token: 't' }),
    })
    expect(await send(actor, { type: 'SUBMIT_PERSONAL_DETAILS', details: { ...personalDetails, isMember: false } })).toBe(
      'institutionContact',
    )
    expect(
      await send(actor, {
        type: 'SUBMIT_CONTACT_DETAILS',
        details: { firstName: 'Jane', lastName: 'Doe', phoneNumber: '3035550142', emailAddress: 'jane@example.com' },
      }),
    ).toBe('thankYou')
    expect(contacts.map((c) => c.body.pageUserBouncedFrom)).toEqual(['notAMember'])
  })

  it('an error page forwards the contact request, with the consent as set', async () => {
    const contacts: Contacts = []
    const actor = start({ contacts })
    await settle(actor)
    await send(actor, { type: 'SUBMIT_EMAIL', emailAddress: 'jane@example.com' })
    expect(await send(actor, { type: 'SUBMIT_STATE', state: 'WA' })).toBe('invalidState')
    actor.send({ type: 'SET_CONSENT', consent: false })
    await send(actor, { type: 'CONTACT_REPRESENTATIVE' })
    expect(actor.getSnapshot().hasTag('forwarded')).toBe(true)
    expect(contacts[0].body).toMatchObject({
      pageUserBouncedFrom: 'stateContactRequest',
      doesConsentToEmail: false,
      collectedInfo: { emailAddress: 'jane@example.com', chosenStateOfResidence: 'WA' },
    })
  })

  it('a user-creation error sends the request without a session', async () => {
    const contacts: Contacts = []
    const actor = start({
      contacts,
      createUser: () => Promise.reject(new Error('down')),
    })
    await settle(actor)
    expect(await send(actor, { type: 'SUBMIT_EMAIL', emailAddress: 'New@Example.com ' })).toBe('userCreationError')
    await send(actor, { type: 'CONTACT_REPRESENTATIVE' })
    expect(actor.getSnapshot().hasTag('forwarded')).toBe(true)
    expect(contacts.map((request) => request.anonymous)).toEqual([true])
    expect(contacts[0].body).toEqual(
      expect.objectContaining({ pageUserBouncedFrom: 'userCreationError', collectedInfo: { emailAddress: 'new@example.com' } }),
    )
  })

  const details = { firstName: 'Jane', lastName: 'Doe', phoneNumber: '3035550142', emailAddress: 'jane@example.com' }

  /** Reaches each error page through the flow, opens contact-me from it, goes back, then sends. */
  const reach: Record<string, (fakes: Fakes) => Promise<ReturnType<typeof start>>> = {
    noRates: async (fakes) => {
      const actor = await driveTo('yearsToOwn', { ...fakes, quote: () => Promise.resolve({ ...quote, rates: [] }) })
      await send(actor, { type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: 6 })
      return actor
    },
    invalidState: async (fakes) => {
      const actor = start(fakes)
      await settle(actor)
      await send(actor, { type: 'SUBMIT_EMAIL', emailAddress: 'jane@example.com' })
      await send(actor, { type: 'SUBMIT_STATE', state: 'WA' })
      return actor
    },
    bookingError: async (fakes) => {
      const actor = await driveTo('confirm', {
        ...fakes,
        book: () => Promise.reject(new Error('booking failed')),
      })
      await send(actor, { type: 'BOOK' })
      await send(actor, { type: 'DECLINE_RETRY' })
      return actor
    },
    paymentError: async (fakes) => {
      const actor = await driveTo('payment', {
        ...fakes,
        verify: () => Promise.reject(new Error('declined')),
      })
      await send(actor, { type: 'WIDGET_READY' })
      await send(actor, { type: 'WIDGET_RESULT', result: 'r' })
      await send(actor, { type: 'CLOSE_PAYMENT_ERROR' })
      return actor
    },
  }
  const expected: Record<string, string> = {
    noRates: 'validCarNoRates',
    invalidState: 'stateContactRequest',
    bookingError: 'bookingError',
    paymentError: 'paymentError',
  }

  it.each(Object.keys(reach))('contact-me opened from %s goes back there and sends its bounce', async (origin) => {
    expect(CONTACT_ORIGINS).toContain(origin)
    const contacts: Contacts = []
    const actor = await reach[origin]({ contacts })
    expect(stepOf(actor.getSnapshot())).toBe(origin)
    expect(await send(actor, { type: 'CONTACT_ME' })).toBe('contactMe')
    expect(await send(actor, { type: 'BACK' })).toBe(origin)
    await send(actor, { type: 'CONTACT_ME' })
    expect(await send(actor, { type: 'SUBMIT_CONTACT_DETAILS', details })).toBe('thankYou')
    expect(contacts.map((c) => c.body.pageUserBouncedFrom)).toEqual([expected[origin]])
  })
})
