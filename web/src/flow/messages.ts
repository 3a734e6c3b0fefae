/**
 * The names some tests still give the product's texts. The app reads them from lib/product
 * (`messages.bookingFailed`, `fieldErrors.vehicleNotFound`); this file goes once no test imports it.
 */
import { fieldErrors, messages } from '../lib/product'

export const VEHICLE_NOT_FOUND = fieldErrors.vehicleNotFound
export const INVALID_CODE = messages.invalidCode
export const BOOKING_FAILED = messages.bookingFailed
export const PAYMENT_PROBLEM = messages.paymentProblem
export const PAYMENT_PROBLEM_TITLE = messages.paymentProblemTitle
export const CONTACT_FORWARDED = messages.contactForwarded
export const EXPERT_GUIDANCE_QUESTION = messages.expertGuidanceQuestion
export const LAUNCH_FAILED = messages.launchFailed
export const SESSION_WARNING_TITLE = messages.sessionWarningTitle
export const SESSION_WARNING = messages.sessionWarning
export const SESSION_EXPIRED = messages.sessionExpired
export const PRICE_CHANGED_TITLE = messages.priceChangedTitle
export const LINK_FAILED_TITLE = messages.linkFailedTitle
