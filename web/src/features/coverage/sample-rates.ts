import type { ContactNumbers, PlanBenefit, Rate } from '../../api/types'
import { money, withThousands } from '../../lib/format'

/**
 * Sample coverage options for the staff's branding preview (coverage-preview-page.tsx), which asks
 * the API for no quote. They are the data's worked example (data/README.md, "How a car is rated"):
 * a 2022 Kia Sorento at 45,000 miles, 15,000 miles a year, kept 6 years, each provider's three
 * plans at their steps and retail prices, with the provider's plan areas and benefits as
 * data/plans/*.toml word them (the area texts shortened) and its deductibles (data/ratebooks/*.toml).
 * The server words a real quote's cards from those files; these are a copy, for show only.
 */

/** The sample car, as the car line names it. */
export const SAMPLE_VEHICLE = '2022 Kia Sorento SX'
const SAMPLE_ODOMETER = 45_000

type Area =
  | 'Engine'
  | 'Transmission'
  | 'Transfer Case'
  | 'Drive Axles'
  | 'AC / Heating'
  | 'Suspension'
  | 'Steering'
  | 'Cooling'
  | 'Fuel System'
  | 'Brakes'
  | 'Electrical'

/** Each component area in a sentence (data/plans/nac.toml, shortened). */
const AREA_TEXT: Record<Area, string> = {
  Engine:
    'Internally lubricated parts: pistons, rings and pins; crankshaft and main bearings; connecting rods; camshafts; timing chain; valves and lifters; oil pump.',
  Transmission:
    'Transmission case and its internally lubricated parts: torque converter, valve body, gears, shafts, clutch packs and bands, bearings and bushings.',
  'Transfer Case': 'Transfer case and its internally lubricated parts: gears, chain, shafts, bearings and bushings.',
  'Drive Axles':
    'Drive axle housings and internally lubricated parts: differential gears, ring and pinion, axle shafts and bearings; constant-velocity joints.',
  'AC / Heating': 'Air conditioning compressor, condenser, evaporator and expansion valve; heater core and blower motor.',
  Suspension: 'Control arms and bushings; ball joints; strut mounts; stabilizer bar and links; wheel bearings and hubs.',
  Steering: 'Steering gear box or rack and pinion; power steering pump; steering column shaft and couplings.',
  Cooling: 'Water pump; thermostat and housing; radiator; cooling fan motor and clutch.',
  'Fuel System': 'Fuel pump and fuel pump module; fuel injectors; fuel pressure regulator.',
  Brakes:
    'Master cylinder; power brake booster; calipers; ABS pump and modulator. Pads, shoes, rotors and drums are not covered.',
  Electrical: 'Alternator and voltage regulator; starter motor; ignition coils; power window motors; windshield wiper motor.',
}

const POWERTRAIN: Area[] = ['Engine', 'Transmission', 'Transfer Case', 'Drive Axles']
const TEN_AREAS: Area[] = [...POWERTRAIN, 'AC / Heating', 'Steering', 'Cooling', 'Fuel System', 'Brakes', 'Electrical']
const EVERY_AREA: Area[] = [
  ...POWERTRAIN,
  'AC / Heating',
  'Suspension',
  'Steering',
  'Cooling',
  'Fuel System',
  'Brakes',
  'Electrical',
]

interface SamplePlan {
  name: string
  months: number
  miles: number
  /** Whole dollars. */
  price: number
  /** Whole dollars per repair visit. */
  deductible: number
  areas: Area[]
  /** Benefits of this plan alone; one with an all-plans benefit's title replaces it. */
  benefits?: PlanBenefit[]
}

interface SampleProvider {
  contactNumbers: ContactNumbers
  benefits: PlanBenefit[]
  /** The lower step, the covering step (the middle card), the upper step. */
  plans: [SamplePlan, SamplePlan, SamplePlan]
}

const MONEY_BACK: PlanBenefit = {
  title: 'Money-back guarantee',
  text: '30-day money-back guarantee: cancel within 30 days of purchase for a full refund.',
}
const ROADSIDE: PlanBenefit = {
  title: 'Roadside assistance',
  text: 'Towing, jump start, flat tire change, fuel delivery and lockout service, up to $100 per incident.',
}
const NO_NUMBERS: ContactNumbers = { general: null, mechanicalBreakdown: null, keyReplacement: null, emergencyRoadside: null }

const PROVIDERS: Record<string, SampleProvider> = {
  NAC: {
    contactNumbers: {
      general: '8005550171',
      mechanicalBreakdown: '8005550172',
      keyReplacement: '8005550173',
      emergencyRoadside: '8005550174',
    },
    benefits: [
      {
        title: 'Rental car',
        text: '$50 per day, up to 7 days, while a covered repair keeps your vehicle at the repair facility overnight.',
      },
      ROADSIDE,
      { title: 'Key replacement', text: 'Replacement of a lost or broken key or key fob, up to $800, once per 12 months.' },
      MONEY_BACK,
    ],
    plans: [
      { name: 'STANDARD', months: 60, miles: 75_000, price: 1283, deductible: 100, areas: [...POWERTRAIN, 'Cooling'] },
      { name: 'SILVER', months: 72, miles: 100_000, price: 2020, deductible: 100, areas: TEN_AREAS },
      {
        name: 'PREMIUM',
        months: 84,
        miles: 120_000,
        price: 3089,
        deductible: 50,
        areas: EVERY_AREA,
        benefits: [
          {
            title: 'Rental car',
            text: '$50 per day, up to $560 and 14 days per covered repair, while a covered repair keeps your vehicle at the repair facility overnight.',
          },
        ],
      },
    ],
  },
  Rt66: {
    contactNumbers: {
      general: '8885550166',
      mechanicalBreakdown: '8885550167',
      keyReplacement: '8885550168',
      emergencyRoadside: '8885550169',
    },
    benefits: [
      {
        title: 'Rental car',
        text: '$40 per day while a covered repair keeps your vehicle in the shop, up to $200 per covered repair.',
      },
      { title: 'Battery replacement', text: 'Replacement of a failed battery, up to $65.' },
      {
        title: 'Roadside assistance',
        text: 'Towing to the nearest repair facility, jump start, flat tire change, fuel delivery and lockout service, up to $100 per incident.',
      },
      { title: 'Key replacement', text: 'Replacement of a lost or broken key, up to $800, once per 12 months.' },
      MONEY_BACK,
    ],
    plans: [
      { name: 'First Street', months: 60, miles: 75_000, price: 1099, deductible: 100, areas: POWERTRAIN },
      { name: 'Main Street', months: 72, miles: 90_000, price: 1843, deductible: 100, areas: TEN_AREAS },
      {
        name: 'Easy Street',
        months: 84,
        miles: 100_000,
        price: 2851,
        deductible: 50,
        areas: EVERY_AREA,
        benefits: [
          {
            title: 'Rental car',
            text: '$50 per day while a covered repair keeps your vehicle in the shop, up to $250 per covered repair.',
          },
        ],
      },
    ],
  },
  EFG: {
    contactNumbers: NO_NUMBERS,
    benefits: [
      { title: 'Rental car', text: '$40 per day, up to 5 days and $200 per covered repair visit.' },
      ROADSIDE,
      { title: 'Key replacement', text: 'Replacement of a lost or broken key, up to $800, once per 12 months.' },
      MONEY_BACK,
    ],
    plans: [
      { name: 'Powertrain', months: 60, miles: 80_000, price: 1096, deductible: 200, areas: POWERTRAIN },
      { name: 'Gold', months: 72, miles: 100_000, price: 2070, deductible: 100, areas: TEN_AREAS },
      {
        name: 'ELITE',
        months: 84,
        miles: 125_000,
        price: 3326,
        deductible: 0,
        areas: EVERY_AREA,
        benefits: [
          { title: 'Dent repair', text: 'Paintless repair of door dings and small dents, up to $500 maximum.' },
          { title: 'Windshield repair', text: 'Repair of chips and cracks in the windshield, up to $500 maximum.' },
          { title: 'Key fob replacement', text: 'Replacement of a lost or damaged key fob, up to $500.' },
        ],
      },
    ],
  },
}

/** `AC / Heating` -> `ac-heating`, as the server names a component's element id. */
function cssIdOf(title: string): string {
  return title
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase())
    .join('-')
}

function sampleRate(providerCode: string, provider: SampleProvider, plan: SamplePlan, index: number): Rate {
  const cents = plan.price * 100
  const deductible = plan.deductible * 100
  const own = plan.benefits ?? []
  const benefits = [
    ...provider.benefits.map((benefit) => own.find((replacing) => replacing.title === benefit.title) ?? benefit),
    ...own.filter((added) => !provider.benefits.some((benefit) => benefit.title === added.title)),
  ]
  return {
    rateId: `sample-${index + 1}`,
    rateCollectionId: 'sample',
    coverageName: plan.name,
    coverageFamilyType: providerCode,
    coverageMiles: plan.miles,
    coverageMonths: plan.months,
    coverageDeductible: deductible,
    dollarSignDeductible: money(deductible),
    unformattedRate: cents,
    rate: money(cents).slice(1),
    dollarSignRate: money(cents),
    taxAmount: 0,
    dollarSignTaxAmount: money(0),
    totalRateCost: cents,
    dollarSignTotalRateCost: money(cents),
    formattedCoverageMiles: `${withThousands(plan.miles / 1000)} k Miles`,
    odometerWhenCoverageExpires: SAMPLE_ODOMETER + plan.miles,
    coverageExpirationDate: '',
    provider: providerCode,
    description: {
      intro:
        `${plan.name} pays for covered repairs for ${plan.months} months or ${withThousands(plan.miles)} miles from today's odometer, ` +
        `whichever comes first, with a ${money(deductible)} deductible per repair visit. It covers ${plan.areas.length} component areas.`,
      components: plan.areas.map((area) => ({ title: area, text: AREA_TEXT[area], cssId: cssIdOf(area) })),
      benefits,
    },
    contactNumbers: provider.contactNumbers,
    obligor: null,
  }
}

/**
 * Three sample options, cheapest first, of the provider that rates the institution's quotes (its
 * first rateProviders entry; NAC's for a provider these samples do not know).
 */
export function sampleRatesFor(rateProviders: readonly string[]): Rate[] {
  const code = rateProviders.find((known) => known in PROVIDERS) ?? 'NAC'
  const provider = PROVIDERS[code]
  return provider.plans.map((plan, index) => sampleRate(code, provider, plan, index))
}
