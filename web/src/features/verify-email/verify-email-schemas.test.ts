import { describe, expect, it } from 'vitest'
import { sendEmailSchema, verificationCodeSchema } from './verify-email-schemas'

const codeError = (code: string) => verificationCodeSchema.safeParse({ code }).error?.issues[0]?.message
const emailError = (emailAddress: string) => sendEmailSchema.safeParse({ emailAddress }).error?.issues[0]?.message

describe('verificationCodeSchema', () => {
  it('requires a code', () => {
    expect(codeError('')).toBe('Field is required')
  })

  it('needs exactly 6 digits', () => {
    expect(codeError('12345')).toBe('Must be 6 digits')
    expect(codeError('12345a')).toBe('Must be 6 digits')
    expect(codeError('123456')).toBeUndefined()
  })
})

describe('sendEmailSchema', () => {
  it('uses the email rules', () => {
    expect(emailError('')).toBe('Field is required')
    expect(emailError('nope')).toBe('Must be a valid email')
    expect(emailError('jane@example.com')).toBeUndefined()
  })
})
