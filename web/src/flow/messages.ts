/** Member-facing texts the flow itself sets (spec sections 2, 4 and 8, letter for letter). */
export const VEHICLE_NOT_FOUND = 'Vehicle not found'
export const INVALID_CODE =
  "The code is invalid, please enter the correct code or click on 'Resend code' to get a new code"
export const EMAIL_SENT = 'Email Sent'
export const RESEND_FAILED = 'There was an error re-sending the code'
export const UPDATE_EMAIL_FAILED = 'There was an issue updating your email.'
export const BOOKING_FAILED =
  'There appears to be a problem with booking this product. We suggest trying again in 15 mins. Would you like to retry booking your policy?'
export const PAYMENT_PROBLEM = 'There appears to have been a problem. Please try again. Thank you.'
export const PAYMENT_PROBLEM_TITLE = 'Looks like we ran into a speed bump'
/** verifyresponse's error_message when the member's session ran out during payment. */
export const USER_TIMEOUT = 'User timeout.'
export const NO_QUOTES = 'No quotes present'
export const CONTACT_FORWARDED = 'Your contact information has been forwarded to a representative.'
export const EXPERT_GUIDANCE_QUESTION =
  'Would you like to be contacted by a coverage expert to help assist you with selecting coverage?'
/** Not spec text: shown when a contact request could not be sent. */
export const CONTACT_FAILED = 'We couldn’t send your request just now. Please try again.'
