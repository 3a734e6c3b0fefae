import { MessageDialog } from '../../components/message-dialog'
import { FlowActor, useFlowSend } from '../../flow/flow-actor'
import { labels, messages, screens } from '../../lib/product'

/** The impact modal's text when the institution has none (spec section 9: its text overrides this). */
export const DEFAULT_QUOTE_MODAL_TEXT = [messages.impactModalLead, messages.impactModalBody] as const

/** messages.expertGuidanceQuestion: screens.coverage.yesButton -> contact-me; labels.noThanks closes it. */
export function ExpertGuidanceDialog() {
  const send = useFlowSend()
  const open = FlowActor.useSelector((s) => s.matches({ coverage: 'expertGuidance' }))
  return (
    <MessageDialog
      open={open}
      title={labels.requestExpertGuidance}
      message={messages.expertGuidanceQuestion}
      testId="expert-guidance-dialog"
      onClose={() => send({ type: 'DECLINE_EXPERT_GUIDANCE' })}
      actions={[
        { label: labels.noThanks, onClick: () => send({ type: 'DECLINE_EXPERT_GUIDANCE' }), testId: 'expert-no' },
        {
          label: screens.coverage.yesButton,
          onClick: () => send({ type: 'CONFIRM_EXPERT_GUIDANCE' }),
          testId: 'expert-yes',
          primary: true,
        },
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
      title={labels.whyCoverageMatters}
      message={text?.trim() ? text : DEFAULT_QUOTE_MODAL_TEXT}
      testId="impact-modal"
      onClose={dismiss}
      actions={[{ label: labels.seeMyOptions, onClick: dismiss, testId: 'impact-dismiss', primary: true }]}
    />
  )
}
