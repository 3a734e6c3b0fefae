import { z } from 'zod'
import { fieldErrors, limits } from './product'

/*
 * The server owns the pattern and length rules of a field (names, street, city, zip:
 * domain/src/contact.rs; the contract finder's last name and zip: api/src/http/routes/document.rs) and
 * names the one field it refuses in its error (`error.field`), which the form puts on that field.
 * It answers one field per submit, so a form a member fills in at once (personal details, contact)
 * checks the same rules itself before sending, and every mistake shows after one submit (issue 28,
 * item 9). The rules below follow domain/src/contact.rs character for character; the server stays
 * the judge (a refusal still lands on its field).
 */

/** Email: trimmed, required, valid (splash and verify-email forms). */
export const emailField = z.string().trim().min(1, fieldErrors.required).pipe(z.email(fieldErrors.invalidEmail))

/** Strips everything but digits (phone, odometer). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '')
}

/** A required text, trimmed: its pattern and length are the server's (error.field names it). */
export const requiredText = z.string().trim().min(1, fieldErrors.required)

/** A letter (Rust's char::is_alphabetic: Unicode's Alphabetic property). */
const LETTER = String.raw`\p{Alphabetic}`
/**
 * An accent typed as its own character after a letter (domain/src/contact.rs, `is_combining_mark`):
 * one class per range (eslint's no-misleading-character-class refuses them combined).
 */
const MARK = '(?:[\\u0300-\\u036F]|[\\u1AB0-\\u1AFF]|[\\u1DC0-\\u1DFF]|[\\u20D0-\\u20FF])'
/** A letter, or an accent after one. */
const LETTER_OR_MARK = `(?:${LETTER}|${MARK})`
/**
 * One word as the server's `is_worded` takes it: it starts with a letter, an apostrophe (’ as '),
 * hyphen or period sits after a letter or accent and before a letter, and only a period ends it:
 * O'Brien, Mary-Jane, José, St. John, J.R.
 */
const WORD = String.raw`${LETTER}${LETTER_OR_MARK}*(?:['\u2019.\-]${LETTER}${LETTER_OR_MARK}*)*\.?`
/** Words separated by spaces (`is_worded`): names and cities. */
const WORDED = new RegExp(`^ *${WORD}(?: +${WORD})* *$`, 'u')

/** The length the server counts: characters (code points), not UTF-16 units. */
function characters(value: string): number {
  return [...value].length
}

/** The server's limit on a name and a city (PersonName, parse_city). */
const WORDED_MAX = 60
/** The server's limit on a street line (parse_street). */
const STREET_MAX = 120

/** Words of letters (at most `max` characters), else `message`. */
function wordedField(message: string, max = Infinity) {
  return requiredText.refine((value) => WORDED.test(value) && characters(value) <= max, message)
}

/**
 * A contact form's first or last name: trimmed, required, in words of letters (PersonName's letters;
 * the contact request keeps up to 200 characters of it, its own limit).
 */
export const nameField = wordedField(fieldErrors.nameLetters)

/** First or last name of the member's account (PUT U): the server's PersonName rule, 60 at most. */
export const personNameField = wordedField(fieldErrors.nameLetters, WORDED_MAX)

/** City: trimmed, required, the server's parse_city rule. */
export const cityField = wordedField(fieldErrors.cityLetters, WORDED_MAX)

/** A street line's characters (parse_street): letters, digits, spaces, accents and . , # / - ' _ */
const STREET = new RegExp(String.raw`^(?:[${LETTER}\p{N} .,#/'\u2019_\-]|${MARK})+$`, 'u')
const LETTER_OR_DIGIT = new RegExp(String.raw`[${LETTER}\p{N}]`, 'u')

/** Street: trimmed, required, the server's parse_street rule (with at least one letter or digit). */
export const streetField = requiredText.refine(
  (value) => STREET.test(value) && LETTER_OR_DIGIT.test(value) && characters(value) <= STREET_MAX,
  fieldErrors.street,
)

/** Zip: trimmed, required, digits only, then five of them (the server's ZipCode, in its order). */
export const zipField = requiredText
  .refine((value) => /^\d*$/.test(value), { message: fieldErrors.numbersOnly, abort: true })
  .refine((value) => value.length === limits.zipLength, fieldErrors.zip)

/**
 * Phone typed through the (###) ###-#### mask: required, and the mask complete (10 digits). The mask
 * allows nothing but digits, so completeness is all there is to check; the check stays here because
 * an unfinished mask is the form's own state, and the contact request's server side does not check
 * the phone at all (PUT U does, with this text: PhoneNumber::parse).
 */
export const phoneField = z
  .string()
  .trim()
  .min(1, fieldErrors.required)
  .refine((value) => digitsOnly(value).length === limits.phoneDigits, fieldErrors.phoneTenDigits)
