import type { IntegrationLaunch } from './flow-context'

/**
 * The partner's launch in a location (spec section 2: a location containing 'integration' marks
 * integration mode): `/{iid}/user/integration/{integratorId}/silent?launch=CODE` (the partner gave the
 * vehicle) or `.../selection?launch=CODE` (the member picks it). Any other location: null. A location
 * with 'integration' but no integrator or code still is integration mode; its exchange fails with a
 * clear message.
 */
export function integrationLaunchOf(pathname: string, search: string): IntegrationLaunch | null {
  if (!pathname.includes('integration')) return null
  const segments = pathname.split('/').filter(Boolean)
  const at = segments.indexOf('integration')
  const integratorId = at >= 0 ? decodeURIComponent(segments[at + 1] ?? '') : ''
  const mode = at >= 0 && segments[at + 2] === 'silent' ? 'silent' : 'selection'
  const launchCode = new URLSearchParams(search).get('launch')?.trim() ?? ''
  return { integratorId, mode, launchCode }
}
