import { describe, expect, it } from 'vitest'
import { fill, messages, screens } from '../../lib/product'
import { institution } from '../../test/fixtures'
import { retrievalFailedMessage } from './find-contract-machine'

const texts = screens.findContract

describe('the speed bump of a contract not found (spec section 8)', () => {
  it("names the institution's support line", () => {
    expect(retrievalFailedMessage(institution)).toBe(
      `${messages.retrievalFailed} ${fill(texts.contactSupportAt, { institution: institution.name, phone: '(800) 555-0142' })}`,
    )
  })

  it('without a number, or without an institution, still says whom to contact', () => {
    const noPhone = { ...institution, branding: { ...institution.branding, phoneNumber: '' } }
    expect(retrievalFailedMessage(noPhone)).toBe(
      `${messages.retrievalFailed} ${fill(texts.contactSupport, { institution: institution.name })}`,
    )
    expect(retrievalFailedMessage(null)).toBe(
      `${messages.retrievalFailed} ${fill(texts.contactSupport, { institution: texts.yourInstitution })}`,
    )
  })
})
