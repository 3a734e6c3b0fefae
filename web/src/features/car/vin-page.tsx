import { VinForm } from '../../components/vin-form'
import { FlowActor, selectBusy, selectVehicleAwaitingStyle, useFlowSend } from '../../flow/flow-actor'

/**
 * VIN page: 17 characters typed or read from a photo, decoded by the API; fieldErrors.vehicleNotFound
 * comes back from the flow. A VIN that fits several styles asks for one before mileage.
 */
export default function VinPage() {
  const send = useFlowSend()
  const busy = FlowActor.useSelector(selectBusy)
  const vinError = FlowActor.useSelector((s) => s.context.vinError)
  const session = FlowActor.useSelector((s) => s.context.session)
  const vehicleAwaitingStyle = FlowActor.useSelector(selectVehicleAwaitingStyle)
  const styleError = FlowActor.useSelector((s) => s.context.styleError)
  // A mock VIN stands for a described car: it is never shown as the member's VIN.
  const initialVin = FlowActor.useSelector((s) => (s.context.isMockVin ? '' : (s.context.vehicle?.vin ?? '')))
  return (
    <VinForm
      testIdPrefix="vin"
      initialVin={initialVin}
      serverError={vinError}
      vehicleAwaitingStyle={vehicleAwaitingStyle}
      styleError={styleError}
      busy={busy}
      session={session}
      onFocus={() => send({ type: 'VIN_FOCUSED' })}
      onSubmit={(vin, style) => send({ type: 'SUBMIT_VIN', vin, style })}
    />
  )
}
