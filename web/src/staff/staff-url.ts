import { useCallback } from 'react'
import { useLocation, useNavigate } from '../lib/router'

/**
 * The console's place in its URL's query (`/staff?tab=members&policy=p-1`), so a reload or a shared
 * link opens the same tab and purchase. Changes replace the history entry: a tab is not a page.
 */
export function useStaffParams(): { params: URLSearchParams; change: (changes: Record<string, string | null>) => void } {
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const params = new URLSearchParams(search)
  const change = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(search)
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) next.delete(name)
        else next.set(name, value)
      }
      const query = next.toString()
      navigate(query ? `${pathname}?${query}` : pathname, { replace: true })
    },
    [pathname, search, navigate],
  )
  return { params, change }
}
