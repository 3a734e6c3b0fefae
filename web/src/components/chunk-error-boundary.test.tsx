import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lazy, Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadChunk } from '../lib/chunk-load'
import { labels, messages } from '../lib/product'
import { ChunkErrorBoundary } from './chunk-error-boundary'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a screen whose code failed to load', () => {
  it('shows a plain message with Reload instead of a blank page, and Reload reloads', async () => {
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload })
    vi.spyOn(console, 'error').mockImplementation(() => {}) // React logs the caught error
    const Broken = lazy(() => loadChunk<{ default: () => null }>(() => Promise.reject(new TypeError('Failed to fetch'))))
    render(
      <ChunkErrorBoundary>
        <Suspense fallback={null}>
          <Broken />
        </Suspense>
      </ChunkErrorBoundary>,
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(messages.pageLoadFailed)
    await userEvent.setup().click(screen.getByRole('button', { name: labels.reload }))
    expect(reload).toHaveBeenCalledOnce()
  })
})
