import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { PageSkeleton } from '../../components/page-skeleton'
import { QuestionsLine } from '../../components/questions-line'
import { FlowActor } from '../../flow/flow-actor'
import { messages, screens } from '../../lib/product'

/** Why the partner's launch did not open a quote: messages.noAvailablePolicies, or the link's problem. */
function LaunchProblem(props: { testId: string; title: string; message: string }) {
  return (
    <Stack spacing={3} data-testid={props.testId}>
      <Typography variant="h5" component="h1" data-testid="error-title">
        {props.title}
      </Typography>
      <Alert severity="info" variant="outlined">
        {props.message}
      </Alert>
      <QuestionsLine />
    </Stack>
  )
}

/**
 * Integration mode (spec section 2): nothing but a skeleton while the partner's launch code is
 * exchanged (the flow then goes on at coverage or the lookup choice), else why it could not be.
 */
export default function IntegrationPage() {
  const noPolicies = FlowActor.useSelector((s) => s.matches({ integration: 'noPolicies' }))
  const failed = FlowActor.useSelector((s) => s.matches({ integration: 'failed' }))
  const failure = FlowActor.useSelector((s) => s.context.failure)
  if (noPolicies) {
    return (
      <LaunchProblem
        testId="no-policies-page"
        title={messages.noAvailablePolicies}
        message={screens.integration.noPoliciesMessage}
      />
    )
  }
  if (failed) {
    return (
      <LaunchProblem
        testId="launch-failed-page"
        title={screens.integration.launchFailedTitle}
        message={failure ?? messages.launchFailed}
      />
    )
  }
  return (
    <Box data-testid="integration-skeleton">
      <PageSkeleton />
    </Box>
  )
}
