import type { FieldValues, Resolver } from 'react-hook-form'
import type { ZodType } from 'zod'

/** zodResolver's resolver, with a way to start loading it before the first validation. */
export type LazyResolver<Values extends FieldValues> = Resolver<Values> & { preload: () => void }

/**
 * react-hook-form's zodResolver for a schema loaded on demand: zod, the resolver and the schema's
 * module arrive with the first validation (or `preload`), so a form on the first page adds no zod
 * to the first load (issue 7). Validation and its messages are the schema's, as with zodResolver.
 * A failed load is tried again on the next validation.
 */
export function lazyZodResolver<Values extends FieldValues>(
  loadSchema: () => Promise<ZodType<Values, Values>>,
): LazyResolver<Values> {
  let loaded: Promise<Resolver<Values>> | undefined
  const load = () => {
    if (!loaded) {
      loaded = Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
        ([schema, { zodResolver }]) => zodResolver(schema) as Resolver<Values>,
      )
      loaded.catch(() => (loaded = undefined))
    }
    return loaded
  }
  const resolver: Resolver<Values> = async (values, context, options) => (await load())(values, context, options)
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) })
}
