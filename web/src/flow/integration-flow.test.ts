import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ApiError } from '../api/api-error'
import type { Institution, IntegrationSession } from '../api/types'
import { messages } from '../lib/product'
import { car, institution, quote, user } from '../test/fixtures'
import { stepOf } from './flow-actor'
import type { IntegrationLaunch } from './flow-context'
import { flowMachine } from './flow-machine'

/** Integration mode (spec section 2): the partner's launch code is exchanged instead of the splash. */

const partnerUser = {
  ...user,
  firstName: 'Jane',
  lastName: 'Doe',
  phoneNumber: '3035550142',
  isMember: true,
  address: { street: '100 Main St', city: 'Denver', state: 'CO', zip: '80202' },
}

function launchWith(
  exchange: (launch: { integratorId: string; launchCode: string }) => Promise<IntegrationSession>,
  options: { launch?: IntegrationLaunch; institution?: Institution } = {},
) {
  const exchanged: Array<{ integratorId: string; launchCode: string }> = []
  const machine = flowMachine.provide({
    actors: {
      loadInstitution: fromPromise(() => Promise.resolve(options.institution ?? institution)),
      exchangeLaunchCode: fromPromise(
        async ({ input }: { input: { institutionId: string; integratorId: string; launchCode: string } }) => {
          exchanged.push({ integratorId: input.integratorId, launchCode: input.launchCode })
          return exchange(input)
        },
      ),
      createQuote: fromPromise(() => Promise.resolve(quote)),
      sendAnalytics: fromPromise(async () => {}),
    },
  })
  const integrationLaunch = options.launch ?? { integratorId: 'demo-partner', mode: 'silent', launchCode: 'code-1' }
  const actor = createActor(machine, { input: { institutionId: 'summit-cu', integrationLaunch } }).start()
  const settled = () => waitFor(actor, (s) => !s.matches('boot') && !s.matches({ integration: 'exchanging' }))
  return { actor, exchanged, settled }
}

describe('integration mode', () => {
  it('silent: exchanges the code, then shows the partner car’s coverage as if the car steps were done', async () => {
    const { actor, exchanged, settled } = launchWith(() =>
      Promise.resolve({
        user: partnerUser,
        token: 't-partner',
        car,
        quote: { ...quote, state: 'TX' },
      }),
    )
    const snapshot = await settled()
    expect(exchanged).toEqual([{ integratorId: 'demo-partner', launchCode: 'code-1' }])
    expect(stepOf(snapshot)).toBe('coverage')
    expect(snapshot.matches({ coverage: 'choosing' })).toBe(true)
    const context = snapshot.context
    expect(context.integrationMode).toBe(true)
    expect(context.integrationLaunch).toBeNull()
    expect(context.session).toEqual({ institutionId: 'summit-cu', userId: partnerUser.userId, token: 't-partner' })
    expect(context.stateOfResidence).toBe('TX')
    expect(context.vehicle?.vin).toBe(car.vin)
    expect(context.odometer).toBe('45000')
    expect(context.selectedRateIndex).toBe(1)
    expect(context.gates).toContain('carLookup')

    // Back to the car steps works like for any member.
    actor.send({ type: 'BACK' })
    expect(stepOf(actor.getSnapshot())).toBe('yearsToOwn')
    actor.send({ type: 'BACK' })
    actor.send({ type: 'BACK' })
    expect(stepOf(actor.getSnapshot())).toBe('mileage')

    // Purchase goes on to personal details, the partner's details already there.
    actor.send({ type: 'GO_TO', step: 'coverage' })
    await waitFor(actor, (s) => s.matches({ coverage: 'choosing' }))
    actor.send({ type: 'DISMISS_IMPACT_MODAL' })
    actor.send({ type: 'PURCHASE' })
    expect(stepOf(actor.getSnapshot())).toBe('missingInfo')
    expect(actor.getSnapshot().context.user?.firstName).toBe('Jane')
  })

  it('selection: the member picks the vehicle from the lookup choice; the state is the member’s address’s', async () => {
    const { settled } = launchWith(() => Promise.resolve({ user: partnerUser, token: 't-partner', car: null, quote: null }), {
      launch: { integratorId: 'demo-partner', mode: 'selection', launchCode: 'code-2' },
    })
    const snapshot = await settled()
    expect(stepOf(snapshot)).toBe('lookup')
    expect(snapshot.context.stateOfResidence).toBe('CO')
    expect(snapshot.context.car).toBeNull()
  })

  it(`a vehicle without coverage: '${messages.noAvailablePolicies}'`, async () => {
    const { settled } = launchWith(() => Promise.reject(new ApiError(422, 'noPolicies', messages.noAvailablePolicies)))
    const snapshot = await settled()
    expect(snapshot.matches({ integration: 'noPolicies' })).toBe(true)
    expect(stepOf(snapshot)).toBeUndefined()
  })

  it(`fewer rates than the institution shows (threeCardView): ${messages.noAvailablePolicies}`, async () => {
    const { settled } = launchWith(() =>
      Promise.resolve({
        user: partnerUser,
        token: 't',
        car,
        quote: { ...quote, rates: quote.rates.slice(0, 2) },
      }),
    )
    expect((await settled()).matches({ integration: 'noPolicies' })).toBe(true)
  })

  it('an unknown, used or expired code, or an inactive integrator: the API’s message', async () => {
    const expired = messages.launchExpired
    const { settled } = launchWith(() => Promise.reject(new ApiError(404, 'notFound', expired)))
    const snapshot = await settled()
    expect(snapshot.matches({ integration: 'failed' })).toBe(true)
    expect(snapshot.context.failure).toBe(expired)

    const withoutMessage = launchWith(() => Promise.reject(new ApiError(0, 'network', '')))
    expect((await withoutMessage.settled()).context.failure).toBe(messages.launchFailed)
  })

  it('stays in integration mode when the session resets', async () => {
    const { actor, settled } = launchWith(() => Promise.resolve({ user: partnerUser, token: 't', car, quote }))
    await settled()
    actor.send({ type: 'GO_TO', step: 'splash' })
    expect(stepOf(actor.getSnapshot())).toBe('splash')
    expect(actor.getSnapshot().context.integrationMode).toBe(true)
    expect(actor.getSnapshot().context.session).toBeNull()
  })

  it('is off when the app did not open at an integration route', async () => {
    const actor = createActor(
      flowMachine.provide({ actors: { loadInstitution: fromPromise(() => Promise.resolve(institution)) } }),
      { input: { institutionId: 'summit-cu' } },
    ).start()
    const snapshot = await waitFor(actor, (s) => !s.matches('boot'))
    expect(stepOf(snapshot)).toBe('splash')
    expect(snapshot.context.integrationMode).toBe(false)
  })
})
