import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FlowActor, selectInstitution } from '../../flow/flow-actor'
import { IDLE_TIMEOUT_MS, SESSION_MAX_REFRESHES, SESSION_REFRESH_INTERVAL_MS } from '../../flow/session'

const MINUTE = 60_000

/** One topic of the page: a heading and its paragraphs. */
function Topic(props: { title: string; children: string | string[] }) {
  const paragraphs = typeof props.children === 'string' ? [props.children] : props.children
  return (
    <Stack component="section" spacing={1}>
      <Typography variant="h6" component="h2">
        {props.title}
      </Typography>
      {paragraphs.map((paragraph) => (
        <Typography key={paragraph} variant="body1">
          {paragraph}
        </Typography>
      ))}
    </Stack>
  )
}

/**
 * The /security footer page: how the member's data is protected, in plain words and true to this
 * app (card entry in the gateway's widget, hashed session tokens, the session clock, email codes,
 * signed links). Loaded on demand; the inactivity check is off while it is open.
 */
export default function SecurityPage() {
  const institution = FlowActor.useSelector(selectInstitution)
  const institutionName = institution?.name ?? 'your financial institution'
  const idleMinutes = IDLE_TIMEOUT_MS / MINUTE
  const sessionMinutes = (SESSION_MAX_REFRESHES * SESSION_REFRESH_INTERVAL_MS) / MINUTE
  return (
    <Stack spacing={3} data-testid="security-page">
      <Typography variant="body1">
        {`This is how we look after the information you give us while you get a quote and buy coverage through ${institutionName}.`}
      </Typography>
      <Topic title="Your card">
        {[
          'Your card number is typed only into the payment provider’s secure form, which is shown inside this page but served by the provider itself.',
          `The card number never passes through this application and never reaches ${institutionName}: we only receive a tracking number once the payment has gone through.`,
        ]}
      </Topic>
      <Topic title="Your session">
        {[
          'Your visit has its own session key. It is replaced every few minutes, and our servers keep only a one-way hash of it, never the key itself.',
          `After ${idleMinutes} minutes without activity your session ends and you start again from the beginning; while you enter your payment details, inactivity does not end it. A session lasts about ${sessionMinutes} minutes at most, and we ask whether you are still there before it ends.`,
        ]}
      </Topic>
      <Topic title="Your email address">
        Before you buy, we email you a 6-digit code to make sure the address is yours. A code works only once and only for 10
        minutes.
      </Topic>
      <Topic title="Your contract">
        The link to your contract document opens only with your last name and zip code, each link works for 10 minutes, and
        repeated wrong answers are blocked.
      </Topic>
      <Topic title="Photos of your VIN">
        A photo you take of your VIN is used only to read the VIN and is kept only until it has been read. Its upload link works
        for 10 minutes and only for your session.
      </Topic>
      <Topic title="On the way">Everything you send travels over an encrypted (HTTPS) connection.</Topic>
    </Stack>
  )
}
