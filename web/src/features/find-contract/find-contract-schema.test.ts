import { describe, expect, it } from 'vitest'
import { fieldErrors, fill, messages } from '../../lib/product'
import { findContractSchema, ODOMETER_MAX, odometerProblem } from './find-contract-schema'

const errorOf = (field: 'lastname' | 'zipcode', value: string) =>
  findContractSchema
    .safeParse({ lastname: 'Doe', zipcode: '80202', [field]: value })
    .error?.issues.find((issue) => issue.path[0] === field)?.message

describe('findContractSchema', () => {
  it("requires the last name and leaves its letters to the server (verifydetails answers on 'lastname')", () => {
    expect(errorOf('lastname', '')).toBe(fieldErrors.required)
    expect(errorOf('lastname', '   ')).toBe(fieldErrors.required)
    expect(errorOf('lastname', "O'Brien")).toBeUndefined()
    expect(errorOf('lastname', 'Doe2')).toBeUndefined()
    expect(errorOf('lastname', 'Van Der Berg')).toBeUndefined()
    expect(errorOf('lastname', 'Müller')).toBeUndefined()
  })

  it('requires a zip code with its ##### mask complete; its digits are the mask’s and the server’s', () => {
    expect(errorOf('zipcode', '')).toBe(fieldErrors.required)
    expect(errorOf('zipcode', '  ')).toBe(fieldErrors.required)
    expect(errorOf('zipcode', '8020')).toBe(fieldErrors.findZip)
    expect(errorOf('zipcode', '802021')).toBe(fieldErrors.findZip)
    expect(errorOf('zipcode', '80a02')).toBeUndefined()
    expect(errorOf('zipcode', '80202')).toBeUndefined()
  })

  it('trims both fields', () => {
    expect(findContractSchema.parse({ lastname: ' Doe  ', zipcode: ' 80202 ' })).toEqual({
      lastname: 'Doe',
      zipcode: '80202',
    })
  })
})

describe('odometerProblem', () => {
  const belowSale = fill(messages.cancelOdometerBelowSale, { odometer: '45,000' })

  it('requires whole miles', () => {
    expect(odometerProblem('', 45_000)).toBe(messages.cancelOdometerRequired)
    expect(odometerProblem('  ', 45_000)).toBe(messages.cancelOdometerRequired)
    expect(odometerProblem('48000.5', 45_000)).toBe(messages.cancelOdometerRequired)
    expect(odometerProblem('-48000', 45_000)).toBe(messages.cancelOdometerRequired)
    expect(odometerProblem('4.8e4', 45_000)).toBe(messages.cancelOdometerRequired)
    expect(odometerProblem(' 48000 ', 45_000)).toBeNull()
  })

  it('takes the reading at the sale up to the highest the server quotes for', () => {
    expect(odometerProblem('44999', 45_000)).toBe(belowSale)
    expect(odometerProblem('45000', 45_000)).toBeNull()
    expect(odometerProblem(String(ODOMETER_MAX), 45_000)).toBeNull()
    expect(odometerProblem(String(ODOMETER_MAX + 1), 45_000)).toBe(messages.cancelOdometerTooHigh)
    expect(odometerProblem('0', 0)).toBeNull()
  })
})
