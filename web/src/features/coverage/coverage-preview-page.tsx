import { lazy, useMemo, useState } from 'react'
import type { Institution } from '../../api/types'
import { MuiTheme } from '../../components/mui-theme'
import { PreviewFrame, type PreviewProps } from '../../components/preview-frame'
import { STEP_INFO, STEPPER_LABELS } from '../../flow/steps'
import { loadChunk } from '../../lib/chunk-load'
import { fill, labels, limits, screens } from '../../lib/product'
import { SAMPLE_VEHICLE, sampleRatesFor } from './sample-rates'

/**
 * The member's coverage choice, from the coverage page's own chunk. Imported on demand, not
 * statically: the MUI modules only that page uses (the card's) stay in its chunk instead of joining
 * the MUI chunk every MUI screen loads (vite.config.ts: the modules two chunks share go there).
 */
const CoverageChoice = lazy(() =>
  loadChunk(() => import('./coverage-level-page')).then((module) => ({ default: module.CoverageChoice })),
)

const COVERAGE = STEP_INFO.coverage

/** Nothing happens: the preview's buttons are drawn, and do nothing. */
const NOTHING = () => undefined

/** The coverage choice with sample options: the carousel moves and the cards turn; buying, asking and paying do nothing. */
function SampleCoverageChoice({ institution }: { institution: Institution }) {
  const settings = institution.applicationSettings
  const rates = useMemo(() => sampleRatesFor(settings.rateProviders), [settings.rateProviders])
  const [index, setIndex] = useState<number>(limits.defaultRateIndex)
  return (
    <CoverageChoice
      rates={rates}
      index={index}
      onSelect={setIndex}
      stateOfResidence={null}
      estimateFor={null}
      disclaimer={settings.institutionDisclaimer}
      actions={{
        purchaseLabel: labels.purchase,
        onPurchase: NOTHING,
        onRequestExpertGuidance: NOTHING,
        onRequestPaymentOption: settings.allowPaymentOptions ? NOTHING : undefined,
        disabled: true,
      }}
    />
  )
}

/**
 * The coverage page in the staff's branding preview (`/{institutionId}/coverage-preview`, with
 * `?preview=light|dark`, else the institution's starting mode): the member's coverage choice with
 * the institution's branding and texts, filled with sample options for a sample car
 * (sample-rates.ts). Outside the flow machine: no quote, no member call, no analytics.
 */
export default function CoveragePreviewPage(props: PreviewProps) {
  return (
    <PreviewFrame
      {...props}
      page={{
        title: COVERAGE.title,
        progress: COVERAGE.progress,
        stepper: COVERAGE.stepper === undefined ? null : { labels: STEPPER_LABELS, activeStep: COVERAGE.stepper },
        carLine: fill(screens.coverage.previewCarLine, { sampleVehicle: SAMPLE_VEHICLE }),
      }}
    >
      {(institution) => (
        <MuiTheme>
          <SampleCoverageChoice institution={institution} />
        </MuiTheme>
      )}
    </PreviewFrame>
  )
}
