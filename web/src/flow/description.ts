import type { VehicleDescription } from '../lib/vehicle-description'

/**
 * The description lookup's cascade: year -> make -> model -> style. Choosing a field clears every
 * later field and list; the flow then loads the next list (spec section 4).
 */

export const DESCRIPTION_FIELDS = ['year', 'make', 'model', 'style'] as const
export type DescriptionField = (typeof DESCRIPTION_FIELDS)[number]

/** The list each field picks from, by the name the catalog route and analytics use. */
export const LIST_OF_FIELD = { year: 'years', make: 'makes', model: 'models', style: 'styles' } as const
export type DescriptionList = (typeof LIST_OF_FIELD)[DescriptionField]

/** Loaded lists; null = not loaded (yet). A failed load leaves an empty list. */
export type DescriptionLists = Record<DescriptionList, string[] | null>

export const EMPTY_DESCRIPTION: VehicleDescription = { year: '', make: '', model: '', style: '' }
export const NO_LISTS: DescriptionLists = { years: null, makes: null, models: null, styles: null }

/** `field` set to `value`; every later field emptied and its list dropped. */
export function chooseDescriptionField(
  description: VehicleDescription,
  lists: DescriptionLists,
  field: DescriptionField,
  value: string,
): { description: VehicleDescription; lists: DescriptionLists } {
  const index = DESCRIPTION_FIELDS.indexOf(field)
  const nextDescription = { ...description, [field]: value }
  const nextLists = { ...lists }
  for (const later of DESCRIPTION_FIELDS.slice(index + 1)) {
    nextDescription[later] = ''
    nextLists[LIST_OF_FIELD[later]] = null
  }
  return { description: nextDescription, lists: nextLists }
}

/** The list to load next: the first one not loaded whose earlier fields are all chosen; null when none. */
export function listToLoad(description: VehicleDescription, lists: DescriptionLists): DescriptionList | null {
  for (const [index, field] of DESCRIPTION_FIELDS.entries()) {
    const list = LIST_OF_FIELD[field]
    const earlierChosen = DESCRIPTION_FIELDS.slice(0, index).every((earlier) => description[earlier] !== '')
    if (!earlierChosen) return null
    if (lists[list] === null) return list
  }
  return null
}

/** The lists again, with every empty one (a failed load) not loaded, so the flow loads it again. */
export function retryFailedLists(lists: DescriptionLists): DescriptionLists {
  return Object.fromEntries(
    Object.entries(lists).map(([list, choices]) => [list, choices?.length === 0 ? null : choices]),
  ) as DescriptionLists
}

/** Every field chosen. */
export function isCompleteDescription(description: VehicleDescription): boolean {
  return DESCRIPTION_FIELDS.every((field) => description[field].trim() !== '')
}
