import { describe, expect, it } from 'vitest'
import { fieldErrors, messages } from './product'
import { VIN_PHOTO_MAX_BYTES, vinFormSchema, vinPhotoMime, vinPhotoProblem, vinSchema, vinTypingError } from './vin-rules'

const firstError = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

describe('vinSchema (spec section 5)', () => {
  it('refuses more than 17 characters', () => {
    expect(firstError(vinSchema.safeParse({ vin: '5YJ3E1EA7KF3170001' }))).toBe(fieldErrors.vinTooLong)
  })

  it('refuses fewer than 17 characters', () => {
    expect(firstError(vinSchema.safeParse({ vin: '5YJ3E1EA7KF31' }))).toBe(fieldErrors.vinTooShort)
    expect(firstError(vinSchema.safeParse({ vin: '' }))).toBe(fieldErrors.vinTooShort)
  })

  it('upper-cases and trims a 17-character VIN', () => {
    expect(vinSchema.parse({ vin: ' 5yj3e1ea7kf317000 ' })).toEqual({ vin: '5YJ3E1EA7KF317000' })
  })

  it("gives the 'maximum' message while typing an 18th character, not before", () => {
    expect(vinTypingError('5YJ3E1EA7KF317000')).toBeNull()
    expect(vinTypingError('5YJ3E1EA7KF3170001')).toBe(fieldErrors.vinTooLong)
    expect(vinTypingError('5YJ3E')).toBeNull()
  })
})

describe('vinFormSchema: the style of a VIN that fits several (issue 28)', () => {
  const RENEGADE = 'ZACNJDAB0MPN15099'

  it(`needs a style while the field holds the VIN waiting for one ('${fieldErrors.chooseStyle}')`, () => {
    const schema = vinFormSchema(RENEGADE)
    expect(firstError(schema.safeParse({ vin: RENEGADE.toLowerCase(), style: '' }))).toBe(fieldErrors.chooseStyle)
    expect(schema.parse({ vin: ` ${RENEGADE} `, style: 'Sport' })).toEqual({ vin: RENEGADE, style: 'Sport' })
  })

  it('needs none for another VIN (it is decoded anew), nor when no VIN waits for one', () => {
    expect(vinFormSchema(RENEGADE).parse({ vin: '5YJ3E1EA7KF317000', style: '' })).toEqual({
      vin: '5YJ3E1EA7KF317000',
      style: '',
    })
    expect(vinFormSchema(null).parse({ vin: RENEGADE, style: '' })).toEqual({ vin: RENEGADE, style: '' })
  })

  it('keeps the VIN rules first', () => {
    expect(firstError(vinFormSchema(RENEGADE).safeParse({ vin: 'ZACNJDAB0', style: '' }))).toBe(fieldErrors.vinTooShort)
  })
})

describe('vinPhotoProblem (docs/api.md texts)', () => {
  const file = (type: string, size: number) => ({ type, size })

  it('accepts the image types the drop accepts, up to 10 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/bmp', 'image/tiff']) {
      expect(vinPhotoProblem(file(type, 1000)), type).toBeNull()
    }
    expect(vinPhotoProblem(file('image/jpeg', VIN_PHOTO_MAX_BYTES))).toBeNull()
    expect(vinPhotoProblem(file('image/jpg', 1000))).toBeNull()
    expect(vinPhotoMime(file('image/jpg', 1000))).toBe('image/jpeg')
  })

  it('refuses other files, large files and empty files with the server texts', () => {
    expect(vinPhotoProblem(file('application/pdf', 1000))).toBe(messages.photoNotAPhotoType)
    expect(vinPhotoProblem(file('image/heic', 1000))).toBe(messages.photoNotAPhotoType)
    expect(vinPhotoProblem(file('', 1000))).toBe(messages.photoNotAPhotoType)
    expect(vinPhotoProblem(file('image/png', VIN_PHOTO_MAX_BYTES + 1))).toBe(messages.photoTooLarge)
    expect(vinPhotoProblem(file('image/png', 0))).toBe(messages.photoEmpty)
  })
})
