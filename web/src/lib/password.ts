const LOWER = 'abcdefghijklmnopqrstuvwxyz'
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const DIGITS = '0123456789'
const SYMBOLS = '!@#$%^&*()-_=+[]{}?'
const ALL = LOWER + UPPER + DIGITS + SYMBOLS

/** A uniform random integer in [0, max) from the platform CSPRNG (rejection sampling, no modulo bias). */
function randomIndex(max: number): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max
  const buffer = new Uint32Array(1)
  for (;;) {
    crypto.getRandomValues(buffer)
    if (buffer[0] < limit) return buffer[0] % max
  }
}

function pick(alphabet: string): string {
  return alphabet[randomIndex(alphabet.length)]
}

/**
 * The password sent when the app creates a user for a member (the member never sees it):
 * `length` characters (32 by default) with at least one lowercase letter, uppercase letter, digit and symbol.
 */
export function generatePassword(length = 32): string {
  if (length < 4) throw new Error('A password needs at least 4 characters')
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)]
  while (chars.length < length) chars.push(pick(ALL))
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1)
    ;[chars[i], chars[j]] = [chars[j], chars[i]]
  }
  return chars.join('')
}

export const PASSWORD_SYMBOLS = SYMBOLS
