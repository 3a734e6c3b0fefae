import Box from '@mui/material/Box'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import { useEffect } from 'react'
import { CtaButton } from '../../components/cta-button'
import { MessageDialog } from '../../components/message-dialog'
import { FlowActor, useFlowSend } from '../../flow/flow-actor'
import { messages, screens } from '../../lib/product'
import { parseGatewayMessage } from './gateway-message'
import { widgetStartUrl } from './widget-start'

/** Relays the widget's postMessages to the flow while the page is open. */
function usePaymentWidget(gatewayOrigin: string | null) {
  const send = useFlowSend()
  useEffect(() => {
    if (!gatewayOrigin) return
    const onMessage = (event: MessageEvent) => {
      const message = parseGatewayMessage(event.origin, event.data, gatewayOrigin)
      if (message?.type === 'ready') send({ type: 'WIDGET_READY' })
      else if (message?.type === 'result') send({ type: 'WIDGET_RESULT', result: message.result })
      else if (message?.type === 'error') send({ type: 'WIDGET_ERROR', message: message.message })
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [gatewayOrigin, send])
}

/** The payment page: the gateway's card widget in an iframe, then Continue once it has a result. */
export default function PaymentDetailsPage() {
  const send = useFlowSend()
  const signed = FlowActor.useSelector((s) => s.context.signedRequest)
  const ready = FlowActor.useSelector((s) => s.context.widgetReady)
  const paid = FlowActor.useSelector((s) => s.matches({ payment: 'paid' }))
  const busy = FlowActor.useSelector((s) => s.matches({ payment: 'verifying' }) || s.matches({ payment: 'confirming' }))
  // The speed bump: a failed payment, or a second charge refunded (the contract was paid already).
  const failed = FlowActor.useSelector((s) => s.matches({ payment: 'failed' }) || s.matches({ payment: 'secondChargeRefunded' }))
  const failure = FlowActor.useSelector((s) => s.context.paymentFailure)
  // The payment account the widget starts with: the institution's entityId (spec section 7).
  const entityId = FlowActor.useSelector((s) => s.context.institution?.entityId ?? '')
  usePaymentWidget(signed?.gatewayOrigin ?? null)
  return (
    <Stack spacing={2}>
      <Box sx={{ position: 'relative', minHeight: 420 }}>
        {!ready && (
          <Box data-testid="payment-skeleton" aria-busy="true" sx={{ position: 'absolute', inset: 0 }}>
            <Skeleton variant="rectangular" height={56} sx={{ mb: 2 }} />
            <Skeleton variant="rectangular" height={56} sx={{ mb: 2 }} />
            <Skeleton variant="rectangular" height={56} sx={{ mb: 2 }} />
            <Skeleton variant="rectangular" height={48} />
          </Box>
        )}
        {signed && (
          <Box
            component="iframe"
            src={widgetStartUrl(signed, entityId)}
            title={screens.payment.widgetTitle}
            data-testid="payment-widget"
            sx={{ border: 0, width: '100%', height: 420, visibility: ready ? 'visible' : 'hidden' }}
          />
        )}
      </Box>
      <CtaButton disabled={!paid} busy={busy} onClick={() => send({ type: 'CONTINUE' })} data-testid="payment-continue">
        {screens.payment.continueButton}
      </CtaButton>
      <MessageDialog
        open={failed}
        title={messages.paymentProblemTitle}
        message={failure ?? messages.paymentProblem}
        testId="payment-error-dialog"
        actions={[{ label: screens.payment.okayButton, onClick: () => send({ type: 'CLOSE_PAYMENT_ERROR' }), primary: true }]}
      />
    </Stack>
  )
}
