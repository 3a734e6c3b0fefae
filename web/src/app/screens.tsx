import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { FooterPage, Step } from '../flow/steps'

const errors = () => import('../features/errors/error-pages')
const contact = () => import('../features/contact/contact-pages')

/** The screen for each step, each in its own lazily loaded chunk. */
export const SCREENS: Record<Step, LazyExoticComponent<ComponentType>> = {
  splash: lazy(() => import('../features/splash/splash-page')),
  lookup: lazy(() => import('../features/car/lookup-choice-page')),
  vinLookup: lazy(() => import('../features/car/vin-page')),
  descriptionLookup: lazy(() => import('../features/car/description-page')),
  mileage: lazy(() => import('../features/car/mileage-page')),
  milesPerYear: lazy(() => import('../features/car/miles-per-year-page')),
  yearsToOwn: lazy(() => import('../features/car/years-to-own-page')),
  coverage: lazy(() => import('../features/coverage/coverage-level-page')),
  missingInfo: lazy(() => import('../features/personal-details/missing-info-page')),
  sendEmail: lazy(() => import('../features/verify-email/send-email-page')),
  codeConfirmation: lazy(() => import('../features/verify-email/code-confirmation-page')),
  confirm: lazy(() => import('../features/coverage/coverage-confirm-page')),
  payment: lazy(() => import('../features/payment/payment-details-page')),
  confirmation: lazy(() => import('../features/confirmation/confirmation-page')),
  noRates: lazy(() => errors().then((m) => ({ default: m.NoRatesPage }))),
  invalidState: lazy(() => errors().then((m) => ({ default: m.InvalidStatePage }))),
  bookingError: lazy(() => errors().then((m) => ({ default: m.BookingErrorPage }))),
  paymentError: lazy(() => errors().then((m) => ({ default: m.PaymentErrorPage }))),
  userCreationError: lazy(() => errors().then((m) => ({ default: m.UserCreationErrorPage }))),
  institutionContact: lazy(() => contact().then((m) => ({ default: m.InstitutionContactPage }))),
  contactMe: lazy(() => contact().then((m) => ({ default: m.ContactMePage }))),
  thankYou: lazy(() => contact().then((m) => ({ default: m.ThankYouPage }))),
}

/** Integration mode's launch page (spec section 1: integration groups load on demand). */
export const IntegrationPage = lazy(() => import('../features/integration/integration-page'))

/** The footer pages, each loaded on demand (spec section 1: footer pages load on demand). */
export const FOOTER_SCREENS: Record<FooterPage, LazyExoticComponent<ComponentType>> = {
  security: lazy(() => import('../features/security/security-page')),
}
