import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import spanish from '../../../../domain/texts/es.json'
import { fill, screens } from '../../lib/product'
import { fakeTab } from '../../test/fake-tab'
import { server } from '../../test/msw-server'
import { renderAtConfirm } from '../../test/render-app'

const SAMPLE = '*/api/institution/:iid/user/:uid/quote/:quoteId/rate/:rateId/sample-contract'
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]) // %PDF-1.7

// The review page's own texts as the page carries them (the tests' page carries English's:
// test/page-texts.ts).
const english = structuredClone(screens.coverage.review)

/** A Spanish page: <html lang="es-US"> and the review page's texts in Spanish. */
function onSpanishPage() {
  document.documentElement.lang = 'es-US'
  Object.assign(screens.coverage.review, spanish.screens.coverage.review)
}

afterEach(() => {
  document.documentElement.lang = 'en-US'
  Object.assign(screens.coverage.review, english)
  vi.restoreAllMocks()
})

/** The sample requests the page makes, each answered with a PDF: their `language` parameter. */
function askedLanguages() {
  const asked: (string | null)[] = []
  server.use(
    http.get(SAMPLE, ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('language'))
      return new HttpResponse(PDF, { headers: { 'Content-Type': 'application/pdf' } })
    }),
  )
  return asked
}

describe("the sample contract's English version", () => {
  it('is offered on a Spanish page, saying in Spanish that the filed terms exist only in English', async () => {
    onSpanishPage()
    const tab = fakeTab()
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    URL.createObjectURL = vi.fn(() => 'blob:sample')
    URL.revokeObjectURL = vi.fn()
    const asked = askedLanguages()
    const { user } = await renderAtConfirm()
    const notice = screen.getByTestId('sample-contract-english-only')
    const link = spanish.screens.coverage.review.englishSample
    expect(notice).toHaveTextContent(fill(spanish.screens.coverage.review.englishOnly, { link }))
    await user.click(screen.getByRole('button', { name: link }))
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledOnce())
    // The member's own sample is in their language; this one is asked for in English.
    await user.click(screen.getByTestId('view-sample-contract'))
    await waitFor(() => expect(asked).toEqual(['en', null]))
  })

  it('is not offered on an English page', async () => {
    vi.spyOn(window, 'open').mockReturnValue(fakeTab() as unknown as Window)
    URL.createObjectURL = vi.fn(() => 'blob:sample')
    URL.revokeObjectURL = vi.fn()
    const asked = askedLanguages()
    const { user } = await renderAtConfirm()
    expect(screen.queryByTestId('sample-contract-english-only')).not.toBeInTheDocument()
    await user.click(screen.getByTestId('view-sample-contract'))
    await waitFor(() => expect(asked).toEqual([null]))
  })
})
