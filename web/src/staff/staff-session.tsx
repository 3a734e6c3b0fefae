import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react'
import { newIdempotencyKey } from '../api/idempotency-key'
import {
  errorMessage,
  isSignedOut,
  isUnanswered,
  staffApi,
  staffPosts,
  type ActionAnswer,
  type PostHeaders,
  type PurchaseAction,
  type StaffMe,
  type StaffPost,
} from './staff-api'

/** The signed-in person, and how a call tells the console that the session ended (a 401). */
export interface StaffSession {
  me: StaffMe
  ended: () => void
}

const SessionContext = createContext<StaffSession | null>(null)

export const StaffSessionProvider = SessionContext.Provider

/** The signed-in person's session (inside the signed-in console only). */
export function useStaffSession(): StaffSession {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useStaffSession outside the signed-in console')
  return session
}

/** A GET's state: its last answer (kept while it is asked again), its error, and whether it is under way. */
export interface Loaded<T> {
  value: T | null
  error: string | null
  loading: boolean
  reload: () => void
}

interface Settled<T> {
  load: () => Promise<T>
  round: number
  value: T | null
  error: string | null
}

/**
 * Calls `load` (keep it stable: useCallback over what it asks for) and again on reload(); null
 * loads nothing. A 401 ends the session; another failure is the error to show.
 */
export function useStaffLoad<T>(load: (() => Promise<T>) | null): Loaded<T> {
  const { ended } = useStaffSession()
  const [round, setRound] = useState(0)
  const [settled, setSettled] = useState<Settled<T> | null>(null)
  useEffect(() => {
    if (!load) return
    let live = true
    load().then(
      (value) => {
        if (live) setSettled({ load, round, value, error: null })
      },
      (error: unknown) => {
        if (!live) return
        if (isSignedOut(error)) ended()
        else setSettled({ load, round, value: null, error: errorMessage(error) })
      },
    )
    return () => {
      live = false
    }
  }, [load, round, ended])
  const reload = useCallback(() => setRound((n) => n + 1), [])
  const same = settled !== null && settled.load === load
  return {
    value: same ? settled.value : null,
    error: same && settled.round === round ? settled.error : null,
    loading: load !== null && !(same && settled.round === round),
    reload,
  }
}

/**
 * Sends one of staffPosts with the session's CSRF token and an Idempotency-Key: a new key for each
 * click, except that the same call (same path and body) sent again after it got no answer keeps its
 * key, so the API does it once. A 401 ends the session (and still rejects).
 */
export function useStaffPost(): (request: StaffPost) => Promise<ActionAnswer> {
  const { me, ended } = useStaffSession()
  const unanswered = useRef<{ call: string; key: string } | null>(null)
  return useCallback(
    async (request) => {
      const call = JSON.stringify(request)
      const key = unanswered.current?.call === call ? unanswered.current.key : newIdempotencyKey()
      const post: PostHeaders = { csrfToken: me.csrfToken, idempotencyKey: key }
      try {
        const answer = await staffApi.act(request, post)
        unanswered.current = null
        return answer
      } catch (error) {
        unanswered.current = isUnanswered(error) ? { call, key } : null
        if (isSignedOut(error)) ended()
        throw error
      }
    },
    [me.csrfToken, ended],
  )
}

/** A purchase's action, sent as useStaffPost sends it. */
export function useStaffAction(): (policyId: string, action: PurchaseAction, body?: object) => Promise<ActionAnswer> {
  const send = useStaffPost()
  return useCallback((policyId, action, body = {}) => send(staffPosts.purchase(policyId, action, body)), [send])
}
