import { z } from 'zod'

/** VIN rules (spec section 5) and the photo limits of docs/api.md, shared by the VIN page and the real-VIN prompt. */

export const VIN_LENGTH = 17
export const VIN_TOO_LONG = 'A VIN can be a maximum of 17 digits'
export const VIN_TOO_SHORT = 'VIN must be at least 17 digits'

/** A VIN form: exactly 17 characters, trimmed and sent upper-cased. */
export const vinSchema = z.object({
  vin: z.string().trim().max(VIN_LENGTH, VIN_TOO_LONG).min(VIN_LENGTH, VIN_TOO_SHORT).toUpperCase(),
})
export type VinValues = z.infer<typeof vinSchema>

/** While typing: the 'maximum' message as soon as the value is longer than a VIN. */
export function vinTypingError(value: string): string | null {
  return value.trim().length > VIN_LENGTH ? VIN_TOO_LONG : null
}

/** Image types the photo drop accepts (docs/api.md, Car: a photo of the VIN). */
export const VIN_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/bmp', 'image/tiff'] as const
export const VIN_PHOTO_MAX_BYTES = 10 * 1024 * 1024
export const VIN_PHOTO_NOT_AN_IMAGE = 'Please upload a photo (JPEG, PNG, WebP, GIF, BMP or TIFF).'
export const VIN_PHOTO_TOO_LARGE = 'That photo is too large. Please use one under 10 MB.'
export const VIN_PHOTO_EMPTY = 'That photo is empty.'

/** The photo's type as the drop wants it ('image/jpg', which some phones report, is 'image/jpeg'). */
export function vinPhotoMime(file: { type: string }): string {
  const type = file.type.trim().toLowerCase()
  return type === 'image/jpg' ? 'image/jpeg' : type
}

/** Why a picked file cannot be sent (the server's own texts), or null when it can. */
export function vinPhotoProblem(file: { type: string; size: number }): string | null {
  if (!(VIN_PHOTO_TYPES as readonly string[]).includes(vinPhotoMime(file))) return VIN_PHOTO_NOT_AN_IMAGE
  if (file.size > VIN_PHOTO_MAX_BYTES) return VIN_PHOTO_TOO_LARGE
  if (file.size === 0) return VIN_PHOTO_EMPTY
  return null
}
