import { useEffect, useRef, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import type { Institution } from '../../api/types'
import { CtaButton } from '../../components/cta-button'
import { MessageDialog } from '../../components/message-dialog'
import { ErrorAlert, SelectInput, TextInput } from '../../components/plain-controls'
import { FlowActor, selectBusy, useFlowSend } from '../../flow/flow-actor'
import { institutionPhone } from '../../lib/format'
import { lazyZodResolver } from '../../lib/lazy-zod-resolver'
import { fill, labels, messages, screens } from '../../lib/product'
import { productNameOf } from '../../lib/product-name'
import { US_STATES } from '../../lib/us-states'
import { CaptchaWidget } from './captcha-widget'
import { launchNoticeOf } from './launch-notice'
import type { ResidenceValues, SplashEmailValues } from './splash-schemas'

// The first page loads no zod: the schemas come when the member starts on a form (issue 7).
const splashSchemas = () => import('./splash-schemas')
const emailResolver = lazyZodResolver<SplashEmailValues>(() => splashSchemas().then((m) => m.splashEmailSchema))
const residenceResolver = lazyZodResolver<ResidenceValues>(() => splashSchemas().then((m) => m.residenceSchema))

function EmailForm() {
  const send = useFlowSend()
  const flow = FlowActor.useActorRef()
  const busy = FlowActor.useSelector(selectBusy)
  const institutionId = FlowActor.useSelector((s) => s.context.institutionId)
  const captchaToken = FlowActor.useSelector((s) => s.context.captchaToken)
  const failure = FlowActor.useSelector((s) => s.context.failure)
  const { register, handleSubmit, formState } = useForm<SplashEmailValues>({
    resolver: emailResolver,
    defaultValues: { emailAddress: '' },
  })
  const email = register('emailAddress')
  // Continue before the captcha is solved: the address waits for the solution, then goes.
  const waiting = useRef<string | null>(null)
  const [waitingForCaptcha, setWaitingForCaptcha] = useState(false)
  useEffect(() => {
    if (!captchaToken || waiting.current === null) return
    const emailAddress = waiting.current
    waiting.current = null
    setWaitingForCaptcha(false)
    send({ type: 'SUBMIT_EMAIL', emailAddress })
  }, [captchaToken, send])
  // Judged by the flow as it is now, not by the render of the click: validation is asynchronous (its
  // schemas load on first use), and the solution may have come in between.
  const submit = (emailAddress: string) => {
    if (flow.getSnapshot().context.captchaToken) {
      send({ type: 'SUBMIT_EMAIL', emailAddress })
    } else {
      waiting.current = emailAddress
      setWaitingForCaptcha(true)
    }
  }
  return (
    <EmailFormView
      email={{ ...email, error: formState.errors.emailAddress?.message }}
      captcha={<CaptchaWidget institutionId={institutionId} />}
      busy={busy || waitingForCaptcha}
      onFocus={emailResolver.preload}
      onSubmit={(event) => void handleSubmit((values) => submit(values.emailAddress))(event)}
    >
      {waitingForCaptcha && (
        <p className="cl-body2" role="status" data-testid="captcha-waiting">
          {messages.captchaRequired}
        </p>
      )}
      {failure && <ErrorAlert data-testid="captcha-failure">{failure}</ErrorAlert>}
    </EmailFormView>
  )
}

/**
 * The email form as it is drawn: the address, the captcha, what the form is waiting for
 * (`children`), Continue. In the staff's branding preview (`preview`) Continue is there and does
 * nothing (aria-disabled), and the captcha is its placeholder.
 */
export function EmailFormView(props: {
  email: Omit<ComponentProps<typeof TextInput>, 'label' | 'type' | 'autoComplete'>
  captcha: ReactNode
  busy?: boolean
  preview?: boolean
  onFocus?: () => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  children?: ReactNode
}) {
  return (
    <form className="cl-form" noValidate onFocus={props.onFocus} onSubmit={props.onSubmit}>
      <TextInput {...props.email} label={screens.splash.emailLabel} type="email" autoComplete="email" data-testid="email-input" />
      {props.captcha}
      {props.children}
      <CtaButton type="submit" busy={props.busy} aria-disabled={props.preview || undefined} data-testid="email-submit">
        {screens.splash.continueButton}
      </CtaButton>
    </form>
  )
}

function ResidenceForm() {
  const send = useFlowSend()
  const { register, handleSubmit, formState } = useForm<ResidenceValues>({
    resolver: residenceResolver,
    defaultValues: { state: '' },
  })
  const state = register('state')
  return (
    <form
      className="cl-form"
      noValidate
      onFocus={residenceResolver.preload}
      onSubmit={(event) => void handleSubmit((values) => send({ type: 'SUBMIT_STATE', state: values.state }))(event)}
    >
      <SelectInput {...state} label={labels.stateOfResidence} error={formState.errors.state?.message} data-testid="state-select">
        <option value="" />
        {US_STATES.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectInput>
      <CtaButton type="submit" data-testid="state-submit">
        {screens.splash.continueButton}
      </CtaButton>
    </form>
  )
}

/**
 * What the splash shows around its form (`children`): the product name, the institution's name and
 * splash text, a notice, and whom to call with questions. The member's splash and the staff's
 * branding preview (splash-preview-page.tsx) both draw it.
 */
export function SplashView(props: { institution: Institution | null; notice?: ReactNode; children: ReactNode }) {
  const { institution } = props
  const splashText = institution?.applicationSettings.splashPageText
  const phone = institutionPhone(institution?.branding)
  // The number is drawn on its own (kept on one line): the text around its {phone} mark.
  const [beforePhone, afterPhone = ''] = fill(screens.splash.questionsCall, { institution: institution?.name ?? '' }).split(
    '{phone}',
  )
  return (
    <div className="cl-stack">
      <div>
        <p className="cl-overline" data-testid="product-name">
          {productNameOf(institution)}
        </p>
        <h1 className="cl-h5" data-testid="institution-name">
          {institution?.name ?? ''}
        </h1>
      </div>
      {splashText && (
        <p className="cl-body" data-testid="splash-text">
          {splashText}
        </p>
      )}
      {props.notice}
      {props.children}
      {phone && (
        <p className="cl-body2 cl-secondary cl-center">
          {beforePhone}
          <span className="cl-nowrap" data-testid="institution-phone">
            {phone}
          </span>
          {afterPhone}
        </p>
      )}
    </div>
  )
}

/**
 * Splash: email first (creates the user), then the state of residence. Plain HTML on index.html's
 * classes, the static shell's: the first page loads no MUI and is drawn with no styling at run time.
 */
export default function SplashPage() {
  const send = useFlowSend()
  const institution = FlowActor.useSelector((s) => s.context.institution)
  const choosingState = FlowActor.useSelector((s) => s.matches({ splash: 'residence' }))
  const sessionExpired = FlowActor.useSelector((s) => s.context.sessionExpired)
  // A launch from online banking that did not sign the member in (read once: the URL changes later).
  const [launchNotice] = useState(() => launchNoticeOf(window.location.search))
  return (
    <>
      <SplashView
        institution={institution}
        notice={launchNotice && <ErrorAlert data-testid="launch-notice">{launchNotice}</ErrorAlert>}
      >
        {choosingState ? <ResidenceForm /> : <EmailForm />}
      </SplashView>
      <MessageDialog
        open={sessionExpired}
        title={messages.sessionExpiredTitle}
        message={messages.sessionExpired}
        testId="session-expired-dialog"
        actions={[{ label: screens.splash.okayButton, onClick: () => send({ type: 'DISMISS_SESSION_EXPIRED' }), primary: true }]}
      />
    </>
  )
}
