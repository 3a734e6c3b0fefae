import { Route, Routes, useParams } from 'react-router'
import { FlowActor } from '../flow/flow-actor'
import { FlowShell } from './flow-shell'

function InstitutionApp() {
  const { institutionId = '' } = useParams()
  return (
    <FlowActor.Provider key={institutionId} options={{ input: { institutionId } }}>
      <FlowShell institutionId={institutionId} />
    </FlowActor.Provider>
  )
}

/** Every route lives under /:institutionId; the flow machine decides which screen shows. */
export function App() {
  return (
    <Routes>
      <Route path="/:institutionId/*" element={<InstitutionApp />} />
      <Route path="*" element={<p>This page is not available.</p>} />
    </Routes>
  )
}
