import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { FlowActor, selectInstitution } from '../../flow/flow-actor'
import { IDLE_TIMEOUT_MS, SESSION_MAX_REFRESHES, SESSION_REFRESH_INTERVAL_MS } from '../../flow/session'
import { format } from '../../lib/icu'
import { fill, screens } from '../../lib/product'

const MINUTE = 60_000
/** How long an email code, a contract link and a photo upload link work (the server's lifetimes). */
const LINK_MINUTES = 10

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
  const texts = screens.security
  const institutionName = institution?.name ?? texts.yourInstitution
  const idleMinutes = IDLE_TIMEOUT_MS / MINUTE
  const sessionMinutes = (SESSION_MAX_REFRESHES * SESSION_REFRESH_INTERVAL_MS) / MINUTE
  return (
    <Stack spacing={3} data-testid="security-page">
      <Typography variant="body1">{fill(texts.intro, { institution: institutionName })}</Typography>
      <Topic title={texts.cardTitle}>{[texts.cardForm, fill(texts.cardNeverReaches, { institution: institutionName })]}</Topic>
      <Topic title={texts.sessionTitle}>{[texts.sessionKey, format(texts.sessionTimes, { idleMinutes, sessionMinutes })]}</Topic>
      <Topic title={texts.emailTitle}>{format(texts.emailCode, { minutes: LINK_MINUTES })}</Topic>
      <Topic title={texts.contractTitle}>{format(texts.contractLink, { minutes: LINK_MINUTES })}</Topic>
      <Topic title={texts.photosTitle}>{format(texts.photos, { minutes: LINK_MINUTES })}</Topic>
      <Topic title={texts.connectionTitle}>{texts.connection}</Topic>
    </Stack>
  )
}
