import Button from '@mui/material/Button'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { AppDialog } from '../../components/app-dialog'
import { VinForm } from '../../components/vin-form'
import { FlowActor, selectBusy, selectVehicleAwaitingStyle, useFlowSend } from '../../flow/flow-actor'
import { labels, screens } from '../../lib/product'

/**
 * The real-VIN prompt: open while the flow is in coverage.realVin; a decoded VIN (its style chosen
 * when it fits several) re-creates the car and re-quotes it.
 */
export function RealVinDialog() {
  const send = useFlowSend()
  const open = FlowActor.useSelector((s) => s.matches({ coverage: 'realVin' }))
  const busy = FlowActor.useSelector(selectBusy)
  const vinError = FlowActor.useSelector((s) => s.context.vinError)
  const session = FlowActor.useSelector((s) => s.context.session)
  const vehicleAwaitingStyle = FlowActor.useSelector(selectVehicleAwaitingStyle)
  const styleError = FlowActor.useSelector((s) => s.context.styleError)
  const cancel = () => send({ type: 'CANCEL_REAL_VIN' })
  return (
    <AppDialog
      open={open}
      onClose={busy ? undefined : cancel}
      aria-labelledby="real-vin-title"
      aria-describedby="real-vin-text"
      data-testid="real-vin-dialog"
    >
      <DialogTitle id="real-vin-title">{labels.enterVinToPurchase}</DialogTitle>
      <DialogContent>
        <DialogContentText id="real-vin-text" sx={{ mb: 2.5 }}>
          {screens.coverage.realVinMessage}
        </DialogContentText>
        {open && (
          <VinForm
            testIdPrefix="real-vin"
            initialVin=""
            serverError={vinError}
            vehicleAwaitingStyle={vehicleAwaitingStyle}
            styleError={styleError}
            busy={busy}
            session={session}
            autoFocus
            onFocus={() => send({ type: 'VIN_FOCUSED' })}
            onSubmit={(vin, style) => send({ type: 'SUBMIT_REAL_VIN', vin, style })}
            secondaryAction={
              <Button size="large" onClick={cancel} disabled={busy} data-testid="real-vin-cancel" sx={{ minWidth: 112 }}>
                {screens.coverage.cancelButton}
              </Button>
            }
          />
        )}
      </DialogContent>
    </AppDialog>
  )
}
