import { z } from 'zod'
import { fieldErrors, limits, messages } from './product'

/** VIN rules (spec section 5) and the photo limits of docs/api.md, shared by the VIN page and the real-VIN prompt. */

export const VIN_LENGTH = limits.vinLength

/** A VIN form: exactly 17 characters, trimmed and sent upper-cased. */
export const vinSchema = z.object({
  vin: z.string().trim().max(VIN_LENGTH, fieldErrors.vinTooLong).min(VIN_LENGTH, fieldErrors.vinTooShort).toUpperCase(),
})

/**
 * The VIN form (VIN page, real-VIN prompt): the VIN, and the style (fieldErrors.chooseStyle) while
 * the field holds `vinAwaitingStyle`, the decoded VIN that fits several styles. Another VIN needs
 * none: it is decoded anew.
 */
export function vinFormSchema(vinAwaitingStyle: string | null) {
  return vinSchema.extend({ style: z.string() }).superRefine((values, context) => {
    if (vinAwaitingStyle !== null && values.vin === vinAwaitingStyle && values.style === '') {
      context.addIssue({ code: 'custom', path: ['style'], message: fieldErrors.chooseStyle })
    }
  })
}
export type VinValues = z.infer<ReturnType<typeof vinFormSchema>>

/** While typing: the 'maximum' message as soon as the value is longer than a VIN. */
export function vinTypingError(value: string): string | null {
  return value.trim().length > VIN_LENGTH ? fieldErrors.vinTooLong : null
}

/** Image types the photo drop accepts (docs/api.md, Car: a photo of the VIN). */
export const VIN_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/bmp', 'image/tiff'] as const
export const VIN_PHOTO_MAX_BYTES = 10 * 1024 * 1024

/** The photo's type as the drop wants it ('image/jpg', which some phones report, is 'image/jpeg'). */
export function vinPhotoMime(file: { type: string }): string {
  const type = file.type.trim().toLowerCase()
  return type === 'image/jpg' ? 'image/jpeg' : type
}

/** Why a picked file cannot be sent (the server's own texts), or null when it can. */
export function vinPhotoProblem(file: { type: string; size: number }): string | null {
  if (!(VIN_PHOTO_TYPES as readonly string[]).includes(vinPhotoMime(file))) return messages.photoNotAPhotoType
  if (file.size > VIN_PHOTO_MAX_BYTES) return messages.photoTooLarge
  if (file.size === 0) return messages.photoEmpty
  return null
}
