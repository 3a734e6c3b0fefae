import { MessageDialog } from '../../components/message-dialog'
import { FlowActor, useFlowSend } from '../../flow/flow-actor'
import { EXPERT_GUIDANCE_QUESTION } from '../../flow/messages'

/** The impact modal's text when the institution has none (spec section 9: its text overrides this). */
export const DEFAULT_QUOTE_MODAL_TEXT = [
  'A single major repair can cost more than the coverage itself.',
  'A vehicle service contract pays for covered mechanical and electrical breakdowns, from the engine and transmission to air conditioning and electrical parts, and adds rental car, roadside assistance and key replacement benefits. Every plan comes with a 30-day money-back guarantee.',
] as const

/** 'Would you like to be contacted by a coverage expert...?' Yes -> contact-me; 'No Thanks' closes it. */
export function ExpertGuidanceDialog() {
  const send = useFlowSend()
  const open = FlowActor.useSelector((s) => s.matches({ coverage: 'expertGuidance' }))
  return (
    <MessageDialog
      open={open}
      title="Request expert guidance"
      message={EXPERT_GUIDANCE_QUESTION}
      testId="expert-guidance-dialog"
      specWidth
      onClose={() => send({ type: 'DECLINE_EXPERT_GUIDANCE' })}
      actions={[
        { label: 'No Thanks', onClick: () => send({ type: 'DECLINE_EXPERT_GUIDANCE' }), testId: 'expert-no' },
        { label: 'Yes', onClick: () => send({ type: 'CONFIRM_EXPERT_GUIDANCE' }), testId: 'expert-yes', primary: true },
      ]}
    />
  )
}

/** Shown the first time the rates are on screen in a session; the institution's quote-modal text if it has one. */
export function ImpactModal() {
  const send = useFlowSend()
  const open = FlowActor.useSelector((s) => s.matches({ coverage: 'choosing' }) && !s.context.impactModalSeen)
  const text = FlowActor.useSelector((s) => s.context.institution?.applicationSettings.institutionQuoteModalText)
  const dismiss = () => send({ type: 'DISMISS_IMPACT_MODAL' })
  return (
    <MessageDialog
      open={open}
      title="Why coverage matters"
      message={text?.trim() ? text : DEFAULT_QUOTE_MODAL_TEXT}
      testId="impact-modal"
      specWidth
      onClose={dismiss}
      actions={[{ label: 'See my options', onClick: dismiss, testId: 'impact-dismiss', primary: true }]}
    />
  )
}
