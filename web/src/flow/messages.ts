/** Member-facing texts the flow itself sets (spec sections 2, 4 and 8, letter for letter). */
export const VEHICLE_NOT_FOUND = 'Vehicle not found'
export const INVALID_CODE = "The code is invalid, please enter the correct code or click on 'Resend code' to get a new code"
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
/** Spec section 8: the partner's vehicle gets no coverage (integration flow). */
export const NO_AVAILABLE_POLICIES = 'No available policies'
/** Not spec text: a launch link that is not (or no longer) valid, when the API gives no message. */
export const LAUNCH_FAILED = 'This link is not valid. Please start again from the page that brought you here.'
/** Not spec text (spec section 4 names the timeout warning, not its words): one refresh before the maximum. */
export const SESSION_WARNING_TITLE = 'Are you still there?'
export const SESSION_WARNING = 'Your session is about to expire. Select Continue to keep going.'
/** Spec section 2: the splash's Session Expired dialog. */
export const SESSION_EXPIRED = 'Unfortunately, your session has timed out. Please start again.'
/** Not spec text: the dialog over a resumed page whose coverage was re-rated (the API's message below it). */
export const PRICE_CHANGED_TITLE = 'Your price has changed'
/** Not spec text: the dialog on the splash when a continue link cannot be used (the API's message below it). */
export const LINK_FAILED_TITLE = 'This link cannot be used'
/** Not spec text: a continue link refused without the API's message (e.g. no connection). */
export const LINK_FAILED = 'This link has expired or was already used. Please start again.'
