import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/api-error'
import type { AnalyticsEvent, CreateCarBody } from '../api/types'
import { fieldErrors, labels, messages } from '../lib/product'
import { car, quote, severalStylesVehicle, vehicle, wrongCheckDigitVehicle } from '../test/fixtures'
import { CATALOG, describedVehicle, driveTo, send, type Fakes } from '../test/flow-harness'
import { NO_CAR_FLAGS } from './flow-context'

const REAL_VIN = '1HGCM82633A004352'
const flags = { ...NO_CAR_FLAGS, commercialUse: true, secondOwner: true }

/** createCar answers with a car of whatever it was given (a new carId each time), and records every body. */
function carMaker(bodies: CreateCarBody[]): Fakes['createCar'] {
  return (body) => {
    bodies.push(body)
    return Promise.resolve({
      ...car,
      carId: `car-${bodies.length}`,
      vin: body.vin,
      style: body.style ?? car.style,
      isMockVin: body.vin !== REAL_VIN,
      carFlags: body.carFlags ?? NO_CAR_FLAGS,
      odometer: Number(body.odometer),
      milesPerYear: body.milesPerYear,
      yearsToOwn: body.yearsToOwn,
    })
  }
}

/** From the lookup choice through the Estimate-only dialog onto the description page. */
async function toDescription(fakes: Fakes = {}) {
  const actor = await driveTo('lookup', fakes)
  await send(actor, { type: 'CHOOSE_DESCRIPTION' })
  expect(await send(actor, { type: 'SHOW_ESTIMATES' })).toBe('descriptionLookup')
  return actor
}

async function describe2020Accord(actor: Awaited<ReturnType<typeof toDescription>>) {
  await send(actor, { type: 'CHOOSE_DESCRIPTION_FIELD', field: 'year', value: '2020' })
  await send(actor, { type: 'CHOOSE_DESCRIPTION_FIELD', field: 'make', value: 'Honda' })
  await send(actor, { type: 'CHOOSE_DESCRIPTION_FIELD', field: 'model', value: 'Accord' })
  await send(actor, { type: 'CHOOSE_DESCRIPTION_FIELD', field: 'style', value: 'EX 1.5L FWD Sedan' })
}

/** Description path up to coverage with a mock-VIN car. */
async function toCoverageByDescription(fakes: Fakes = {}) {
  const actor = await toDescription(fakes)
  await describe2020Accord(actor)
  expect(await send(actor, { type: 'SUBMIT_DESCRIPTION' })).toBe('mileage')
  await send(actor, { type: 'SUBMIT_MILEAGE', odometer: '45000', carFlags: flags })
  await send(actor, { type: 'SUBMIT_MILES_PER_YEAR', milesPerYear: 20000 })
  expect(await send(actor, { type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: 4 })).toBe('coverage')
  return actor
}

describe('lookup choice: the Estimate-only dialog', () => {
  it(`opens on description; '${labels.noEnterVin}' goes to the VIN page`, async () => {
    const actor = await driveTo('lookup')
    expect(await send(actor, { type: 'CHOOSE_DESCRIPTION' })).toBe('lookup')
    expect(actor.getSnapshot().matches({ lookup: 'estimateOnly' })).toBe(true)
    expect(await send(actor, { type: 'DISMISS_ESTIMATE_ONLY' })).toBe('lookup')
    expect(actor.getSnapshot().matches({ lookup: 'choosing' })).toBe(true)
    await send(actor, { type: 'CHOOSE_DESCRIPTION' })
    expect(await send(actor, { type: 'CHOOSE_VIN' })).toBe('vinLookup')
  })

  it(`'${labels.yesShowEstimates}' goes to the description page, which loads the years`, async () => {
    const actor = await toDescription()
    const { descriptionLists } = actor.getSnapshot().context
    expect(descriptionLists).toEqual({ years: CATALOG.years, makes: null, models: null, styles: null })
    expect(await send(actor, { type: 'BACK' })).toBe('lookup')
  })
})

describe('description lookup: the cascade', () => {
  it('loads the next list for each choice, and a change clears every later field and list', async () => {
    const requested: string[] = []
    const actor = await toDescription({
      list: (list, description) => {
        requested.push(`${list}:${description.year}/${description.make}/${description.model}`)
        return Promise.resolve(list === 'makes' && description.year === '2021' ? ['Tesla'] : CATALOG[list])
      },
    })
    await describe2020Accord(actor)
    expect(actor.getSnapshot().context.description).toEqual({
      year: '2020',
      make: 'Honda',
      model: 'Accord',
      style: 'EX 1.5L FWD Sedan',
    })
    expect(requested).toEqual(['years://', 'makes:2020//', 'models:2020/Honda/', 'styles:2020/Honda/Accord'])

    await send(actor, { type: 'CHOOSE_DESCRIPTION_FIELD', field: 'year', value: '2021' })
    const { description, descriptionLists } = actor.getSnapshot().context
    expect(description).toEqual({ year: '2021', make: '', model: '', style: '' })
    expect(descriptionLists).toEqual({ years: CATALOG.years, makes: ['Tesla'], models: null, styles: null })

    await send(actor, { type: 'CHOOSE_DESCRIPTION_FIELD', field: 'make', value: 'Tesla' })
    await send(actor, { type: 'CHOOSE_DESCRIPTION_FIELD', field: 'make', value: '' })
    expect(actor.getSnapshot().context.descriptionLists.models).toBeNull()
  })

  it('makes a failed list empty and sends an ErrorEncountered / DescriptionField event', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await toDescription({
      analytics,
      list: (list) => {
        if (list === 'makes') return Promise.reject(new ApiError(500, 'internal', 'boom'))
        return Promise.resolve(CATALOG[list])
      },
    })
    await send(actor, { type: 'CHOOSE_DESCRIPTION_FIELD', field: 'year', value: '2020' })
    await Promise.resolve()
    expect(actor.getSnapshot().context.descriptionLists.makes).toEqual([])
    expect(actor.getSnapshot().matches({ descriptionLookup: 'listFailed' })).toBe(true)
    expect(analytics).toEqual([
      expect.objectContaining({
        hitType: 'event',
        eventCategory: 'ErrorEncountered',
        eventAction: 'DescriptionField',
        eventLabel: 'makes',
      }),
    ])
  })

  it('loads a years list that failed again on Try again, and when the member comes back to the page', async () => {
    let failures = 1
    const requested: string[] = []
    const list: Fakes['list'] = (name) => {
      requested.push(name)
      if (name === 'years' && failures > 0) {
        failures -= 1
        return Promise.reject(new ApiError(500, 'internal', 'boom'))
      }
      return Promise.resolve(CATALOG[name])
    }
    const actor = await toDescription({ list })
    expect(actor.getSnapshot().context.descriptionLists.years).toEqual([])
    expect(actor.getSnapshot().matches({ descriptionLookup: 'listFailed' })).toBe(true)
    expect(actor.getSnapshot().context.descriptionError).toBe(messages.somethingWentWrong)
    await send(actor, { type: 'RETRY_DESCRIPTION_LIST' })
    expect(actor.getSnapshot().context.descriptionLists.years).toEqual(CATALOG.years)
    expect(actor.getSnapshot().matches({ descriptionLookup: 'editing' })).toBe(true)
    expect(actor.getSnapshot().context.descriptionError).toBeNull()

    // Failed again and left: coming back to the page loads it again.
    failures = 1
    const again = await toDescription({ list })
    expect(again.getSnapshot().context.descriptionLists.years).toEqual([])
    expect(await send(again, { type: 'BACK' })).toBe('lookup')
    await send(again, { type: 'CHOOSE_DESCRIPTION' })
    expect(await send(again, { type: 'SHOW_ESTIMATES' })).toBe('descriptionLookup')
    expect(again.getSnapshot().context.descriptionLists.years).toEqual(CATALOG.years)
    expect(requested).toEqual(['years', 'years', 'years', 'years'])
  })

  it('needs every field before it looks the vehicle up', async () => {
    const actor = await toDescription()
    await send(actor, { type: 'CHOOSE_DESCRIPTION_FIELD', field: 'year', value: '2020' })
    expect(await send(actor, { type: 'SUBMIT_DESCRIPTION' })).toBe('descriptionLookup')
  })
})

describe('description lookup: finding the vehicle', () => {
  it('marks a mock VIN, goes to mileage, and mileage goes back to the description', async () => {
    const looked: unknown[] = []
    const actor = await toDescription({
      findVin: (description) => {
        looked.push(description)
        return Promise.resolve(describedVehicle)
      },
    })
    await describe2020Accord(actor)
    expect(await send(actor, { type: 'SUBMIT_DESCRIPTION' })).toBe('mileage')
    expect(looked).toEqual([{ year: '2020', make: 'Honda', model: 'Accord', style: 'EX 1.5L FWD Sedan' }])
    expect(actor.getSnapshot().context.isMockVin).toBe(true)
    expect(actor.getSnapshot().context.vehicle?.vin).toBe(describedVehicle.vin)

    expect(await send(actor, { type: 'BACK' })).toBe('descriptionLookup')
    expect(actor.getSnapshot().context.description.style).toBe('EX 1.5L FWD Sedan')
    expect(await send(actor, { type: 'SUBMIT_DESCRIPTION' })).toBe('mileage')
  })

  it("opens 'Oops' on failure: Yes stays, No records the bounce and goes to no-rates", async () => {
    const actor = await toDescription({
      findVin: () => Promise.reject(new ApiError(404, 'vehicleNotFound', messages.failedToFindVin)),
    })
    await describe2020Accord(actor)
    expect(await send(actor, { type: 'SUBMIT_DESCRIPTION' })).toBe('descriptionLookup')
    expect(actor.getSnapshot().matches({ descriptionLookup: 'notFound' })).toBe(true)
    await send(actor, { type: 'RETRY_DESCRIPTION' })
    expect(actor.getSnapshot().matches({ descriptionLookup: 'editing' })).toBe(true)
    expect(actor.getSnapshot().context.description.model).toBe('Accord')

    await send(actor, { type: 'SUBMIT_DESCRIPTION' })
    expect(await send(actor, { type: 'GIVE_UP_DESCRIPTION' })).toBe('noRates')
    expect(actor.getSnapshot().context.pageUserBouncedFrom).toBe('descriptionLookup')
    expect(actor.getSnapshot().context.noRatesCause).toBe('vehicleNotFound')
  })

  it('goes back from no-rates to the description lookup when no vehicle was found, not to mileage', async () => {
    const actor = await toDescription({
      findVin: () => Promise.reject(new ApiError(404, 'vehicleNotFound', messages.failedToFindVin)),
    })
    await describe2020Accord(actor)
    await send(actor, { type: 'SUBMIT_DESCRIPTION' })
    expect(await send(actor, { type: 'GIVE_UP_DESCRIPTION' })).toBe('noRates')
    expect(await send(actor, { type: 'BACK' })).toBe('descriptionLookup')
    expect(actor.getSnapshot().context.description.style).toBe('EX 1.5L FWD Sedan')
  })

  it('creates the car with the mock VIN, the flags and the habits (a temporary one at mileage and miles per year)', async () => {
    const bodies: CreateCarBody[] = []
    const actor = await toCoverageByDescription({ createCar: carMaker(bodies) })
    const { style } = describedVehicle
    expect(bodies).toEqual([
      { vin: describedVehicle.vin, style, carFlags: flags, odometer: '45000', milesPerYear: 15000, yearsToOwn: 6 },
      { vin: describedVehicle.vin, style, carFlags: flags, odometer: '45000', milesPerYear: 20000, yearsToOwn: 6 },
      { vin: describedVehicle.vin, style, carFlags: flags, odometer: '45000', milesPerYear: 20000, yearsToOwn: 4 },
    ])
    expect(actor.getSnapshot().context.car?.carId).toBe('car-3')
    expect(actor.getSnapshot().context.pageUserBouncedFrom).toBeNull()
  })

  it('records mockVinNoRates when a described car gets no rates', async () => {
    const analytics: AnalyticsEvent[] = []
    const actor = await toDescription({
      analytics,
      quote: () => Promise.reject(new ApiError(422, 'noQuotes', messages.noQuotes)),
    })
    await describe2020Accord(actor)
    await send(actor, { type: 'SUBMIT_DESCRIPTION' })
    await send(actor, { type: 'SUBMIT_MILEAGE', odometer: '45000', carFlags: NO_CAR_FLAGS })
    await send(actor, { type: 'SUBMIT_MILES_PER_YEAR', milesPerYear: 15000 })
    expect(await send(actor, { type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: 6 })).toBe('noRates')
    expect(actor.getSnapshot().context.pageUserBouncedFrom).toBe('mockVinNoRates')
    expect(analytics.map((e) => [e.eventAction, e.eventLabel])).toEqual([['NoRates', 'mockVinNoRates']])
    expect(await send(actor, { type: 'BACK' })).toBe('mileage')
  })
})

describe('coverage: the real-VIN prompt', () => {
  it(`opens instead of purchasing; '${fieldErrors.vehicleNotFound}' on a bad VIN, cleared on focus; Cancel closes it`, async () => {
    const actor = await toCoverageByDescription({
      decode: () => Promise.reject(new ApiError(404, 'vehicleNotFound', messages.failedToFindVin)),
    })
    expect(await send(actor, { type: 'PURCHASE' })).toBe('coverage')
    expect(actor.getSnapshot().matches({ coverage: 'realVin' })).toBe(true)
    await send(actor, { type: 'SUBMIT_REAL_VIN', vin: '11111111111111111' })
    expect(actor.getSnapshot().matches({ coverage: { realVin: 'editing' } })).toBe(true)
    expect(actor.getSnapshot().context.vinError).toBe(fieldErrors.vehicleNotFound)
    actor.send({ type: 'VIN_FOCUSED' })
    expect(actor.getSnapshot().context.vinError).toBeNull()
    await send(actor, { type: 'CANCEL_REAL_VIN' })
    expect(actor.getSnapshot().matches({ coverage: 'choosing' })).toBe(true)
    expect(actor.getSnapshot().context.isMockVin).toBe(true)
  })

  it('keeps the chosen coverage when the real VIN’s rates are the same', async () => {
    const bodies: CreateCarBody[] = []
    let quotes = 0
    const actor = await toCoverageByDescription({
      createCar: carMaker(bodies),
      decode: (vin) => Promise.resolve({ ...describedVehicle, vin, style: 'EX', isMockVin: false }),
      quote: () => {
        quotes += 1
        // A new quote (new ids) with the same coverage options and prices.
        return Promise.resolve({
          ...quote,
          quoteId: `q-${quotes}`,
          rates: quote.rates.map((r) => ({ ...r, rateId: `${r.rateId}-${quotes}` })),
        })
      },
    })
    actor.send({ type: 'SELECT_RATE', index: 2 })
    await send(actor, { type: 'PURCHASE' })
    expect(await send(actor, { type: 'SUBMIT_REAL_VIN', vin: REAL_VIN })).toBe('coverage')
    expect(actor.getSnapshot().context.quote?.quoteId).toBe('q-2')
    expect(actor.getSnapshot().context.selectedRateIndex).toBe(2)
    expect(await send(actor, { type: 'PURCHASE' })).toBe('missingInfo')
    expect(actor.getSnapshot().context.selectedRate?.rateId).toBe('rate-2-2')
  })

  it('creates the car again with the real VIN, quotes it again and resets the selected rate when the rates differ', async () => {
    const bodies: CreateCarBody[] = []
    const decoded: string[] = []
    let quotes = 0
    const actor = await toCoverageByDescription({
      createCar: carMaker(bodies),
      decode: (vin) => {
        decoded.push(vin)
        return Promise.resolve({ ...describedVehicle, vin, style: 'EX', isMockVin: false })
      },
      quote: () => {
        quotes += 1
        // The real VIN's prices differ from the description's estimates.
        const rates = quote.rates.map((r) => ({ ...r, unformattedRate: r.unformattedRate + (quotes - 1) * 1000 }))
        return Promise.resolve({ ...quote, quoteId: `q-${quotes}`, rates })
      },
    })
    actor.send({ type: 'SELECT_RATE', index: 2 })
    await send(actor, { type: 'PURCHASE' })
    expect(await send(actor, { type: 'SUBMIT_REAL_VIN', vin: REAL_VIN.toLowerCase() })).toBe('coverage')

    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().matches({ coverage: 'choosing' })).toBe(true)
    expect(decoded).toEqual([REAL_VIN])
    expect(bodies.at(-1)).toEqual({
      vin: REAL_VIN,
      style: 'EX',
      carFlags: flags,
      odometer: '45000',
      milesPerYear: 20000,
      yearsToOwn: 4,
    })
    expect(context.car?.carId).toBe('car-4')
    expect(context.isMockVin).toBe(false)
    expect(context.quote?.quoteId).toBe('q-2')
    expect(context.selectedRateIndex).toBe(1)

    expect(await send(actor, { type: 'PURCHASE' })).toBe('missingInfo')
    expect(actor.getSnapshot().context.selectedRate?.rateId).toBe('rate-1')
  })

  it('goes straight to personal details for a car found by its real VIN', async () => {
    const actor = await driveTo('coverage')
    expect(await send(actor, { type: 'PURCHASE' })).toBe('missingInfo')
  })
})

describe('a VIN that fits several styles (issue 28)', () => {
  const renegade = severalStylesVehicle
  /** The fake decoder: the several-style VIN, the wrong-check-digit VIN, else the Tesla. */
  const decode: Fakes['decode'] = (vin) =>
    Promise.resolve([renegade, wrongCheckDigitVehicle].find((known) => known.vin === vin) ?? { ...vehicle, vin })

  it('waits on the VIN page for the choice, then goes on with it; another choice for the same VIN is another car', async () => {
    const bodies: CreateCarBody[] = []
    const actor = await driveTo('vinLookup', { decode, createCar: carMaker(bodies) })
    expect(await send(actor, { type: 'SUBMIT_VIN', vin: renegade.vin.toLowerCase() })).toBe('vinLookup')
    expect(actor.getSnapshot().matches({ vinLookup: 'choosingStyle' })).toBe(true)
    // Not the member's vehicle until its style is chosen.
    expect(actor.getSnapshot().context.vehicle).toBeNull()
    expect(actor.getSnapshot().context.vehicleAwaitingStyle).toEqual(renegade)

    // A style that is not one of the choices is no choice.
    expect(await send(actor, { type: 'SUBMIT_VIN', vin: renegade.vin, style: 'Limited' })).toBe('vinLookup')
    expect(actor.getSnapshot().matches({ vinLookup: 'choosingStyle' })).toBe(true)
    expect(await send(actor, { type: 'SUBMIT_VIN', vin: renegade.vin, style: 'Sport' })).toBe('mileage')
    const { context } = actor.getSnapshot()
    expect(context.vehicle).toEqual({ ...renegade, style: 'Sport', styleChoices: [] })
    expect(context.vehicleAwaitingStyle).toBeNull()
    expect(await send(actor, { type: 'SUBMIT_MILEAGE', odometer: '45000', carFlags: flags })).toBe('milesPerYear')
    expect(bodies.map((body) => [body.vin, body.style])).toEqual([[renegade.vin, 'Sport']])

    // Back to the VIN page: the same VIN asks again, and the other style is another car.
    await send(actor, { type: 'BACK' })
    expect(await send(actor, { type: 'BACK' })).toBe('vinLookup')
    await send(actor, { type: 'SUBMIT_VIN', vin: renegade.vin })
    expect(await send(actor, { type: 'SUBMIT_VIN', vin: renegade.vin, style: 'Upland' })).toBe('mileage')
    expect(await send(actor, { type: 'SUBMIT_MILEAGE', odometer: '45000', carFlags: flags })).toBe('milesPerYear')
    expect(bodies.map((body) => body.style)).toEqual(['Sport', 'Upland'])
  })

  it('starts over on another VIN, and does not ask again for a choice left waiting', async () => {
    const actor = await driveTo('vinLookup', { decode })
    await send(actor, { type: 'SUBMIT_VIN', vin: renegade.vin })
    expect(await send(actor, { type: 'SUBMIT_VIN', vin: wrongCheckDigitVehicle.vin, style: 'Sport' })).toBe('mileage')
    expect(actor.getSnapshot().context.vehicle).toEqual(wrongCheckDigitVehicle)

    expect(await send(actor, { type: 'BACK' })).toBe('vinLookup')
    await send(actor, { type: 'SUBMIT_VIN', vin: renegade.vin })
    expect(await send(actor, { type: 'BACK' })).toBe('lookup')
    expect(actor.getSnapshot().context.vehicle).toEqual(wrongCheckDigitVehicle)
    expect(await send(actor, { type: 'CHOOSE_VIN' })).toBe('vinLookup')
    expect(actor.getSnapshot().matches({ vinLookup: 'editing' })).toBe(true)
    expect(actor.getSnapshot().context.vehicleAwaitingStyle).toBeNull()
  })

  it("goes back to the choice with the server's message when a car step's car is refused for its style", async () => {
    let refuse = true
    const decoded: string[] = []
    const actor = await driveTo('vinLookup', {
      decode: (vin) => {
        decoded.push(vin)
        return decode(vin)
      },
      createCar: (body) =>
        refuse
          ? Promise.reject(new ApiError(400, 'validation', fieldErrors.chooseStyle, 'style'))
          : Promise.resolve({ ...car, vin: body.vin, style: body.style ?? '' }),
    })
    await send(actor, { type: 'SUBMIT_VIN', vin: renegade.vin })
    await send(actor, { type: 'SUBMIT_VIN', vin: renegade.vin, style: 'Sport' })
    expect(await send(actor, { type: 'SUBMIT_MILEAGE', odometer: '45000', carFlags: flags })).toBe('vinLookup')
    expect(actor.getSnapshot().matches({ vinLookup: 'choosingStyle' })).toBe(true)
    expect(actor.getSnapshot().context.styleError).toBe(fieldErrors.chooseStyle)
    // The VIN is decoded again: its choices as the server has them now.
    expect(decoded).toEqual([renegade.vin, renegade.vin])

    refuse = false
    expect(await send(actor, { type: 'SUBMIT_VIN', vin: renegade.vin, style: 'Freedom' })).toBe('mileage')
    expect(actor.getSnapshot().context.styleError).toBeNull()
    expect(actor.getSnapshot().context.odometer).toBe('45000')
    expect(await send(actor, { type: 'SUBMIT_MILEAGE', odometer: '45000', carFlags: flags })).toBe('milesPerYear')
  })

  it('the real-VIN prompt asks for the style too; Cancel while choosing keeps the described car and its estimates', async () => {
    const bodies: CreateCarBody[] = []
    const actor = await toCoverageByDescription({ decode, createCar: carMaker(bodies) })
    const made = bodies.length
    await send(actor, { type: 'PURCHASE' })
    expect(await send(actor, { type: 'SUBMIT_REAL_VIN', vin: renegade.vin })).toBe('coverage')
    expect(actor.getSnapshot().matches({ coverage: { realVin: 'choosingStyle' } })).toBe(true)
    await send(actor, { type: 'CANCEL_REAL_VIN' })
    expect(actor.getSnapshot().matches({ coverage: 'choosing' })).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ vehicle: describedVehicle, isMockVin: true })
    expect(bodies).toHaveLength(made)

    await send(actor, { type: 'PURCHASE' })
    expect(actor.getSnapshot().matches({ coverage: { realVin: 'editing' } })).toBe(true)
    expect(actor.getSnapshot().context.vehicleAwaitingStyle).toBeNull()
    await send(actor, { type: 'SUBMIT_REAL_VIN', vin: renegade.vin })
    expect(await send(actor, { type: 'SUBMIT_REAL_VIN', vin: renegade.vin, style: 'Jeepster' })).toBe('coverage')
    expect(actor.getSnapshot().matches({ coverage: 'choosing' })).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ isMockVin: false, vehicle: { vin: renegade.vin, style: 'Jeepster' } })
    expect(bodies.at(-1)).toMatchObject({ vin: renegade.vin, style: 'Jeepster' })
  })
})

describe('car steps: temporary cars, and no second car for unchanged answers', () => {
  it('mileage and miles per year each create a temporary car with the answers so far', async () => {
    const bodies: CreateCarBody[] = []
    const actor = await driveTo('mileage', { createCar: carMaker(bodies) })
    expect(await send(actor, { type: 'SUBMIT_MILEAGE', odometer: '45000', carFlags: flags })).toBe('milesPerYear')
    const { style } = vehicle
    expect(bodies).toEqual([{ vin: vehicle.vin, style, carFlags: flags, odometer: '45000', milesPerYear: 15000, yearsToOwn: 6 }])
    expect(actor.getSnapshot().context.car?.carId).toBe('car-1')
    expect(await send(actor, { type: 'SUBMIT_MILES_PER_YEAR', milesPerYear: 25000 })).toBe('yearsToOwn')
    expect(bodies[1]).toEqual({ vin: vehicle.vin, style, carFlags: flags, odometer: '45000', milesPerYear: 25000, yearsToOwn: 6 })
    // Years to own unchanged (the default): the temporary car is the member's car.
    expect(await send(actor, { type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: 6 })).toBe('coverage')
    expect(bodies).toHaveLength(2)
  })

  it.each([
    ['mileage', { type: 'SUBMIT_MILEAGE', odometer: '45000', carFlags: NO_CAR_FLAGS }],
    ['milesPerYear', { type: 'SUBMIT_MILES_PER_YEAR', milesPerYear: 20000 }],
  ] as const)('a temporary car refused on %s goes to no-rates, its bounce and cause recorded', async (step, event) => {
    const actor = await driveTo(step, {
      createCar: (body) =>
        body.milesPerYear === 20000 || step === 'mileage'
          ? Promise.reject(new ApiError(422, 'validation', 'refused'))
          : Promise.resolve({ ...car, vin: body.vin }),
    })
    expect(await send(actor, event)).toBe('noRates')
    const { context } = actor.getSnapshot()
    expect([context.pageUserBouncedFrom, context.noRatesCause]).toEqual(['validCarNoRates', 'noRates'])
  })

  it('going back to years to own and on unchanged keeps the car, the quote and the chosen coverage', async () => {
    const bodies: CreateCarBody[] = []
    let quotes = 0
    const actor = await driveTo('coverage', {
      createCar: carMaker(bodies),
      quote: () => {
        quotes += 1
        return Promise.resolve({ ...quote, quoteId: `q-${quotes}` })
      },
    })
    const made = bodies.length
    actor.send({ type: 'SELECT_RATE', index: 2 })
    await send(actor, { type: 'BACK' })
    expect(await send(actor, { type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: 6 })).toBe('coverage')
    expect(bodies).toHaveLength(made)
    expect(quotes).toBe(1)
    expect(actor.getSnapshot().context.selectedRateIndex).toBe(2)
    // A changed answer is a new car, quoted again.
    await send(actor, { type: 'BACK' })
    expect(await send(actor, { type: 'SUBMIT_YEARS_TO_OWN', yearsToOwn: 3 })).toBe('coverage')
    expect(bodies).toHaveLength(made + 1)
    expect(quotes).toBe(2)
    expect(actor.getSnapshot().context.selectedRateIndex).toBe(1)
  })
})

describe('car details: the three answers on one page (/user/car/details)', () => {
  it('opens from mileage, creates the car with all three answers and goes to coverage', async () => {
    const bodies: CreateCarBody[] = []
    const actor = await driveTo('mileage', { createCar: carMaker(bodies) })
    expect(await send(actor, { type: 'CHOOSE_CAR_DETAILS', odometer: '', carFlags: NO_CAR_FLAGS })).toBe('carDetails')
    expect(await send(actor, { type: 'BACK' })).toBe('vinLookup')
    expect(await send(actor, { type: 'GO_TO', step: 'carDetails' })).toBe('carDetails')
    const answers = {
      type: 'SUBMIT_CAR_DETAILS',
      odometer: '52000',
      milesPerYear: 20000,
      yearsToOwn: 3,
      carFlags: flags,
    } as const
    expect(await send(actor, answers)).toBe('coverage')
    expect(bodies).toEqual([
      { vin: vehicle.vin, style: vehicle.style, carFlags: flags, odometer: '52000', milesPerYear: 20000, yearsToOwn: 3 },
    ])
    const { context } = actor.getSnapshot()
    expect([context.odometer, context.milesPerYear, context.yearsToOwn, context.carFlags]).toEqual(['52000', 20000, 3, flags])
  })

  it("takes mileage's typed odometer and ticked flags along as a draft, not as answers", async () => {
    const bodies: CreateCarBody[] = []
    const actor = await driveTo('milesPerYear', { createCar: carMaker(bodies) })
    expect(await send(actor, { type: 'BACK' })).toBe('mileage')
    expect(await send(actor, { type: 'CHOOSE_CAR_DETAILS', odometer: '0', carFlags: flags })).toBe('carDetails')
    const { context } = actor.getSnapshot()
    expect(context.mileageDraft).toEqual({ odometer: '0', carFlags: flags })
    // Not given yet: miles per year (open by URL) still creates its car with mileage's answers.
    expect([context.odometer, context.carFlags]).toEqual(['45000', NO_CAR_FLAGS])
    expect(await send(actor, { type: 'GO_TO', step: 'milesPerYear' })).toBe('milesPerYear')
    await send(actor, { type: 'SUBMIT_MILES_PER_YEAR', milesPerYear: 20000 })
    expect(bodies.at(-1)).toMatchObject({ odometer: '45000', carFlags: NO_CAR_FLAGS, milesPerYear: 20000 })
    // Mileage's submit answers it, and the draft is done with.
    expect(await send(actor, { type: 'BACK' })).toBe('milesPerYear')
    expect(await send(actor, { type: 'BACK' })).toBe('mileage')
    await send(actor, { type: 'SUBMIT_MILEAGE', odometer: '46000', carFlags: flags })
    expect(actor.getSnapshot().context).toMatchObject({ odometer: '46000', carFlags: flags, mileageDraft: null })
  })

  it('goes to no-rates when the car is refused; the route needs a vehicle', async () => {
    const actor = await driveTo('vinLookup', { createCar: () => Promise.reject(new ApiError(422, 'validation', 'no')) })
    expect(await send(actor, { type: 'GO_TO', step: 'carDetails' })).toBe('vinLookup')
    await send(actor, { type: 'SUBMIT_VIN', vin: '5yj3e1ea7kf317000' })
    expect(await send(actor, { type: 'GO_TO', step: 'carDetails' })).toBe('carDetails')
    const answers = {
      type: 'SUBMIT_CAR_DETAILS',
      odometer: '52000',
      milesPerYear: 20000,
      yearsToOwn: 3,
      carFlags: flags,
    } as const
    expect(await send(actor, answers)).toBe('noRates')
  })
})
