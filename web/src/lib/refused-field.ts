/**
 * The server's refusal of a submit, put on the form's field it names (`error.field`). Apart from the
 * zod rules (validation-rules.ts) so that the flow, which loads first, does not pull zod in.
 */
import { useEffect } from 'react'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from '../api/api-error'

/**
 * A form's table from the API's field names (`error.field`, camelCase as the server names them) to
 * the form's own field names: one small table per form.
 */
export type ApiFieldTable<F extends string> = Readonly<Record<string, F>>

/** The form field a refused submit names and the server's message for it; null when it names none of the table's. */
export function refusedField<F extends string>(error: unknown, table: ApiFieldTable<F>): { name: F; message: string } | null {
  if (!(error instanceof ApiError) || error.field === null || !Object.hasOwn(table, error.field)) return null
  return { name: table[error.field], message: error.message }
}

/**
 * Puts the server's refusal of the last submit (`error`, an ApiError with `field`) on the form's
 * field with setError, once per refusal. True when it did, so the page leaves its general error
 * display for the errors no field of the form stands for.
 */
export function useRefusedField<T extends FieldValues>(
  error: unknown,
  table: ApiFieldTable<Path<T>>,
  setError: UseFormSetError<T>,
): boolean {
  useEffect(() => {
    const refused = refusedField(error, table)
    if (refused) setError(refused.name, { type: 'server', message: refused.message }, { shouldFocus: true })
  }, [error, table, setError])
  return refusedField(error, table) !== null
}
