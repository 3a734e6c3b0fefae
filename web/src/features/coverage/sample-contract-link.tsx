import { useState } from 'react'
import { api } from '../../api/client'
import { ApiError } from '../../api/api-error'
import type { Language, Rate } from '../../api/types'
import { LinkButton } from '../../components/plain-controls'
import { FlowActor } from '../../flow/flow-actor'
import { openContractTab } from '../../lib/contract-tab'
import { pageLanguage } from '../../lib/language'
import { labels, messages, screens } from '../../lib/product'
import { textWith } from './text-with'

/** How long the sample's blob URL lives: the tab has loaded it long before. */
const SAMPLE_URL_LIFETIME_MS = 60_000

/**
 * "View a sample of your contract": the member's own terms for the chosen rate (plan, term,
 * deductible, benefits, refund text) as a PDF marked SAMPLE, in the member's language, opened in a
 * new tab. The tab opens in the click (so no popup blocker stops it) and shows the PDF once it
 * arrives. On a page in another language than English, a note says the provider's filed terms
 * exist only in English and links the same sample in English.
 */
export function SampleContractLink({ rate }: { rate: Rate }) {
  const session = FlowActor.useSelector((s) => s.context.session)
  const quoteId = FlowActor.useSelector((s) => s.context.quote?.quoteId)
  const [opening, setOpening] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (!session || !quoteId) return null

  const open = async (language?: Language) => {
    if (opening) return
    const tab = openContractTab(labels.viewSampleContract)
    setOpening(true)
    setError(null)
    try {
      const pdf = await api.getSampleContract(session, quoteId, rate.rateId, language)
      const url = URL.createObjectURL(pdf)
      tab.show(url)
      window.setTimeout(() => URL.revokeObjectURL(url), SAMPLE_URL_LIFETIME_MS)
    } catch (e) {
      tab.close()
      setError(e instanceof ApiError && e.message && e.status < 500 ? e.message : messages.sampleContractFailed)
    } finally {
      setOpening(false)
    }
  }

  return (
    <>
      <LinkButton onClick={() => void open()} aria-busy={opening} data-testid="view-sample-contract" className="cl-sample-link">
        {labels.viewSampleContract}
      </LinkButton>
      {pageLanguage() !== 'en' && (
        <p className="cl-body2 cl-secondary" data-testid="sample-contract-english-only">
          {textWith(
            screens.coverage.review.englishOnly,
            'link',
            <LinkButton onClick={() => void open('en')} aria-busy={opening} data-testid="view-english-sample">
              {screens.coverage.review.englishSample}
            </LinkButton>,
          )}
        </p>
      )}
      {error && (
        <p role="alert" className="cl-error-text" data-testid="sample-contract-error">
          {error}
        </p>
      )}
    </>
  )
}
