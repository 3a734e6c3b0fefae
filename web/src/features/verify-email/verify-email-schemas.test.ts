import { describe, expect, it } from 'vitest'
import { fieldErrors } from '../../lib/product'
import { sendEmailSchema, verificationCodeSchema } from './verify-email-schemas'

const codeError = (code: string) => verificationCodeSchema.safeParse({ code }).error?.issues[0]?.message
const emailError = (emailAddress: string) => sendEmailSchema.safeParse({ emailAddress }).error?.issues[0]?.message

describe('verificationCodeSchema', () => {
  it('requires a code', () => {
    expect(codeError('')).toBe(fieldErrors.required)
  })

  it('needs exactly 6 digits', () => {
    expect(codeError('12345')).toBe(fieldErrors.codeDigits)
    expect(codeError('12345a')).toBe(fieldErrors.codeDigits)
    expect(codeError('123456')).toBeUndefined()
  })
})

describe('sendEmailSchema', () => {
  it('uses the email rules', () => {
    expect(emailError('')).toBe(fieldErrors.required)
    expect(emailError('nope')).toBe(fieldErrors.invalidEmail)
    expect(emailError('jane@example.com')).toBeUndefined()
  })
})
