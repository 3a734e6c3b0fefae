/**
 * A new `Idempotency-Key`: a random UUID (version 4) from the platform's CSPRNG. One per member
 * action (Send code, Book, a recorded step); the same key only when that action's call is retried,
 * so the API does it once. (crypto.randomUUID needs a secure context; getRandomValues does not.)
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
