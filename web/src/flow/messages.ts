/**
 * The one name a test still gives a product text: features/contact/contact-pages.test.tsx imports
 * CONTACT_FORWARDED. The app and every other test read lib/product (`messages.contactForwarded`);
 * this file goes once that test does too.
 */
import { messages } from '../lib/product'

export const CONTACT_FORWARDED = messages.contactForwarded
