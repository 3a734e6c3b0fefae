import { useCallback, useEffect, useRef, useState } from 'react'
import { captchaChallengeUrl } from '../../api/client'
import { FlowActor, useFlowSend } from '../../flow/flow-actor'
import type {} from 'altcha/types/react'

/** The widget's element, as far as the splash uses it. */
interface AltchaElement extends HTMLElement {
  verify?: () => Promise<unknown>
  reset?: () => void
}

/** The widget and its worker, fetched when the splash's form shows (not in the first-load JS). */
export const loadAltcha = () => import('./altcha-setup')

/**
 * The splash's captcha (spec section 3, Captcha): ALTCHA's self-hosted proof of work. It fetches a
 * challenge from the API and solves it on its own as the page loads (no puzzle to do; a keyboard user
 * can also tick it), and tells the flow the solution (CAPTCHA_VERIFIED), which user creation sends.
 * When the flow drops the solution (spent on a user, refused by the API, expired) it solves a new one.
 */
export function CaptchaWidget({ institutionId }: { institutionId: string }) {
  const send = useFlowSend()
  const token = FlowActor.useSelector((s) => s.context.captchaToken)
  const ref = useRef<AltchaElement>(null)
  const [ready, setReady] = useState(false)

  useEffect(() => {
    let live = true
    void loadAltcha().then(
      () => live && setReady(true),
      () => live && setReady(true), // the element stays inert; user creation then says what is missing
    )
    return () => {
      live = false
    }
  }, [])

  // Listens from the moment the element exists (a callback ref, not an effect: the widget may solve
  // before effects run).
  const widgetRef = useCallback(
    (widget: AltchaElement | null) => {
      ref.current = widget
      if (!widget) return
      const onVerified = (event: Event) => {
        const payload = (event as CustomEvent<{ payload?: string }>).detail?.payload
        if (payload) send({ type: 'CAPTCHA_VERIFIED', token: payload })
      }
      const onExpired = () => {
        send({ type: 'CAPTCHA_EXPIRED' })
        void widget.verify?.()
      }
      widget.addEventListener('verified', onVerified)
      widget.addEventListener('expired', onExpired)
      return () => {
        widget.removeEventListener('verified', onVerified)
        widget.removeEventListener('expired', onExpired)
        ref.current = null
      }
    },
    [send],
  )

  // The flow holds no solution (spent, refused or expired) but the widget shows one: solve again.
  const shownToken = useRef<string | null>(null)
  useEffect(() => {
    const widget = ref.current
    if (token) {
      shownToken.current = token
      return
    }
    if (!widget || !shownToken.current) return
    shownToken.current = null
    widget.reset?.()
    void widget.verify?.()
  }, [token])

  return (
    <div data-testid="captcha">
      {ready ? (
        <altcha-widget
          ref={widgetRef}
          challenge={captchaChallengeUrl(institutionId)}
          auto="onload"
          type="checkbox"
          name="captchaToken"
        />
      ) : (
        <div className="cl-captcha-pending" />
      )}
    </div>
  )
}
