import { MessageDialog } from '../../components/message-dialog'
import { FlowActor, useFlowSend } from '../../flow/flow-actor'
import { SESSION_WARNING, SESSION_WARNING_TITLE } from '../../flow/messages'

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
      title={SESSION_WARNING_TITLE}
      message={SESSION_WARNING}
      testId="session-warning-dialog"
      specWidth
      actions={[
        { label: 'Continue', onClick: () => send({ type: 'CONTINUE_SESSION' }), primary: true, testId: 'session-continue' },
      ]}
    />
  )
}
