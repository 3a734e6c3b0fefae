import { useState } from 'react'
import { MessageDialog } from '../../components/message-dialog'
import { FlowActor, useFlowSend } from '../../flow/flow-actor'
import { screens } from '../../lib/product'

/**
 * A message the flow shows over the page until the member closes it: a resumed coverage's new
 * price, or why a continue link could not be used (the API's own sentence).
 */
export function NoticeDialog() {
  const send = useFlowSend()
  const notice = FlowActor.useSelector((s) => s.context.notice)
  // The last notice stays on the dialog while it closes.
  const [shown, setShown] = useState(notice)
  if (notice && notice !== shown) setShown(notice)
  return (
    <MessageDialog
      open={notice !== null}
      title={shown?.title}
      message={shown?.message ?? ''}
      testId="notice-dialog"
      actions={[
        { label: screens.notice.okButton, onClick: () => send({ type: 'DISMISS_NOTICE' }), primary: true, testId: 'notice-ok' },
      ]}
    />
  )
}
