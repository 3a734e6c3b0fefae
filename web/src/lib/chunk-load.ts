/**
 * Spec section 8's lazy chunk load failure: a screen's code that does not arrive within 120 s fails
 * with a ChunkLoadError, and a stylesheet that fails is CSS_CHUNK_LOAD_FAILED. Every lazily loaded
 * module (screens, layout pieces, dialogs) loads through loadChunk, so an error boundary
 * (components/chunk-error-boundary.tsx) can offer a reload instead of a blank page.
 */
import { timings } from './product'

export type ChunkLoadErrorCode = 'CHUNK_LOAD_FAILED' | 'CSS_CHUNK_LOAD_FAILED'

/** A lazily loaded module that did not arrive: its script or stylesheet failed, or it took too long. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError'
  readonly code: ChunkLoadErrorCode

  constructor(code: ChunkLoadErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}

/** Vite's preload helper rejects a stylesheet it could not load with this message (it fires vite:preloadError). */
const CSS_PRELOAD_FAILED = /^Unable to preload CSS/

/** What a failed import() says, as a ChunkLoadError. */
export function chunkLoadErrorOf(error: unknown): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error
  const message = error instanceof Error ? error.message : String(error)
  const code = CSS_PRELOAD_FAILED.test(message) ? 'CSS_CHUNK_LOAD_FAILED' : 'CHUNK_LOAD_FAILED'
  return new ChunkLoadError(code, message, { cause: error })
}

/**
 * `load()` (an import()), failing with a ChunkLoadError when it fails or has not arrived after
 * timings.chunkLoadTimeoutMs (120 s).
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = timings.chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError('CHUNK_LOAD_FAILED', `Loading a chunk timed out after ${timeoutMs / 1000} s`))
    }, timeoutMs)
    load().then(
      (module) => {
        clearTimeout(timer)
        resolve(module)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(chunkLoadErrorOf(error))
      },
    )
  })
}

/** Whether an error a boundary caught is a module that did not load. */
export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError
}
