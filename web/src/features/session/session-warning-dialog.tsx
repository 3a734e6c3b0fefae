import { MessageDialog } from '../../components/message-dialog'
import { FlowActor, useFlowSend } from '../../flow/flow-actor'
import { messages, screens } from '../../lib/product'

/**
 * The timeout warning (spec section 4): open one timed refresh before the maximum; Continue refreshes
 * the session and starts the count again. Left alone, the next refresh ends the session.
 */
export function SessionWarningDialog() {
  const send = useFlowSend()
  const open = FlowActor.useSelector((s) => s.context.sessionWarning)
  return (
    <MessageDialog
      open={open}
      title={messages.sessionWarningTitle}
      message={messages.sessionWarning}
      testId="session-warning-dialog"
      actions={[
        {
          label: screens.session.continueButton,
          onClick: () => send({ type: 'CONTINUE_SESSION' }),
          primary: true,
          testId: 'session-continue',
        },
      ]}
    />
  )
}
