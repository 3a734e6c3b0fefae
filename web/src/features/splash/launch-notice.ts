import { messages } from '../../lib/product'

/**
 * What the splash tells a member whose launch from online banking was refused: the API sends them
 * here with `?launch=<reason>` (api/src/http/routes/launch.rs). Null when they came another way.
 */
export function launchNoticeOf(search: string): string | null {
  switch (new URLSearchParams(search).get('launch')) {
    case null:
      return null
    case 'expired':
    case 'used':
      return messages.bankLaunchExpired
    case 'denied':
      return messages.bankLaunchDeclined
    default:
      return messages.bankLaunchFailed
  }
}
