import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useMachine } from '@xstate/react'
import { useEffect, useRef } from 'react'
import type { SnapshotFrom } from 'xstate'
import { Controller, useForm } from 'react-hook-form'
import { PatternFormat } from 'react-number-format'
import { AppLayout } from '../../components/app-layout'
import { BrandFrame, InactiveInstitutionDialog, InstitutionNotFound } from '../../components/brand-frame'
import { CtaButton } from '../../components/cta-button'
import { MessageDialog } from '../../components/message-dialog'
import { MuiTheme } from '../../components/mui-theme'
import { PageSkeleton } from '../../components/page-skeleton'
import type { ApiError } from '../../api/api-error'
import { api, type ContractRef } from '../../api/client'
import { anonymousPageviewEvent } from '../../lib/analytics'
import { pageLanguage } from '../../lib/language'
import { labels, limits, messages, screens } from '../../lib/product'
import { useRefusedField } from '../../lib/refused-field'
import { CancelContractDialog, type CancelDialogStep } from './cancel-contract-dialog'
import { CancellationSection, type CancellationView } from './cancellation-section'
import { noContractTab, openContractTab, type ContractTab } from '../../lib/contract-tab'
import { findContractMachine } from './find-contract-machine'
import { PaperCopyRequest } from './paper-copy'
import { FIND_CONTRACT_API_FIELDS, findContractSchema, type FindContractValues } from './find-contract-schema'

/** Last name and zip code; disabled for good once the contract has opened. */
function FindContractForm(props: {
  busy: boolean
  done: boolean
  submitError: ApiError | null
  onSubmit: (details: FindContractValues, tab: ContractTab) => void
}) {
  const { control, handleSubmit, setError, getValues } = useForm<FindContractValues>({
    resolver: zodResolver(findContractSchema),
    defaultValues: { lastname: '', zipcode: '' },
  })
  // The server's refusal of the last name or zip shows under that field.
  useRefusedField(props.submitError, FIND_CONTRACT_API_FIELDS, setError)
  const locked = props.done || props.busy
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => {
        // The contract's tab opens now, in the member's click: popup blockers stop a window opened once
        // the API has answered. Only for a form that will be sent (the schema checks synchronously).
        const tab = !locked && findContractSchema.safeParse(getValues()).success ? openContractTab() : null
        void handleSubmit(
          (details) => props.onSubmit(details, tab ?? noContractTab()),
          () => tab?.close(),
        )(event)
      }}
    >
      <Controller
        name="lastname"
        control={control}
        // The field's ref goes to the input only (focused on the server's refusal), not the TextField's root.
        render={({ field: { ref, ...field }, fieldState }) => (
          <TextField
            {...field}
            inputRef={ref}
            label={screens.findContract.lastNameLabel}
            autoComplete="family-name"
            fullWidth
            disabled={locked}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { 'data-testid': 'contract-last-name' } }}
          />
        )}
      />
      <Controller
        name="zipcode"
        control={control}
        render={({ field, fieldState }) => (
          <PatternFormat
            customInput={TextField}
            format={'#'.repeat(limits.zipLength)}
            label={screens.findContract.zipCodeLabel}
            inputMode="numeric"
            autoComplete="postal-code"
            fullWidth
            disabled={locked}
            value={field.value}
            name={field.name}
            onBlur={field.onBlur}
            inputRef={field.ref}
            onValueChange={(v) => field.onChange(v.value)}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { 'data-testid': 'contract-zip' } }}
          />
        )}
      />
      <CtaButton type="submit" busy={props.busy} disabled={props.done} data-testid="find-contract-submit">
        {screens.findContract.findButton}
      </CtaButton>
    </Stack>
  )
}

/** The words before and after the link to the opened contract, around its {link} mark. */
const [beforeContractLink, afterContractLink = ''] = screens.findContract.openedFallback.split('{link}')

/**
 * On a page in another language than English: the provider's filed contract terms exist only in
 * English, and the contract's English version (rendered on asking, `&language=en`) is linked.
 */
function EnglishVersionLink({ documentUrl }: { documentUrl: string }) {
  const [before, after = ''] = screens.findContract.englishOnly.split('{link}')
  return (
    <span data-testid="contract-english-version">
      {` ${before}`}
      <Link href={`${documentUrl}&language=en`} target="_blank" rel="noopener" data-testid="contract-english-link">
        {screens.findContract.englishVersionLink}
      </Link>
      {after}
    </span>
  )
}

/** The found contract's cancellation as the section shows it (the dialog is open over `terms`, from the odometer to the request). */
function selectCancellationView(snapshot: SnapshotFrom<typeof findContractMachine>): CancellationView {
  const { terms, outcome, cancelError } = snapshot.context
  if (snapshot.matches({ opened: 'linkExpired' })) return { step: 'linkExpired' }
  if (snapshot.matches({ opened: 'termsFailed' })) return { step: 'failed', error: cancelError ?? '' }
  if (snapshot.matches({ opened: 'done' }) && terms && outcome) return { step: 'done', outcome, terms }
  if (terms && !snapshot.matches({ opened: 'loadingTerms' })) return { step: 'terms', terms }
  return { step: 'loading' }
}

/** Where the cancel dialog is (find-contract-machine.ts, `opened`'s states from enteringOdometer to cancelling). */
function selectDialogStep(snapshot: SnapshotFrom<typeof findContractMachine>): CancelDialogStep {
  if (snapshot.matches({ opened: 'enteringOdometer' }) || snapshot.matches({ opened: 'quoting' })) return 'odometer'
  // A new code asked for from the code step stays on the code step.
  return snapshot.context.codeSent === null ? 'quote' : 'code'
}

/**
 * The contract finder (/{institutionId}/user/{userId}/policy/{policyId}): reached from the contract
 * email without a session, so it runs outside the purchase flow and never touches its session.
 */
/**
 * The page's pageview (spec section 2: every navigation sends one), anonymous like splash's: the
 * page's route, not the member's or the policy's id, and its title; once per page (StrictMode runs
 * effects twice).
 */
export const FIND_CONTRACT_PAGE_PATH = (institutionId: string) => `/${institutionId}/user/:userId/policy/:policyId`

function useFindContractPageview(institutionId: string) {
  const sent = useRef<string | null>(null)
  useEffect(() => {
    if (sent.current === institutionId) return
    sent.current = institutionId
    void api.sendAnonymousPageview(
      institutionId,
      anonymousPageviewEvent(FIND_CONTRACT_PAGE_PATH(institutionId), labels.findYourContract),
    )
  }, [institutionId])
}

export default function FindContractPage(contract: ContractRef) {
  const { institutionId } = contract
  useFindContractPageview(institutionId)
  const [snapshot, send] = useMachine(findContractMachine, { input: contract })
  const { institution, documentUrl, failure, submitError, terms, cancelError, codeSent, odometer, odometerRefusal } =
    snapshot.context
  const waiting =
    snapshot.matches({ opened: 'enteringOdometer' }) ||
    snapshot.matches({ opened: 'confirming' }) ||
    snapshot.matches({ opened: 'enteringCode' })
  const busy =
    snapshot.matches({ opened: 'quoting' }) ||
    snapshot.matches({ opened: 'sendingCode' }) ||
    snapshot.matches({ opened: 'cancelling' })
  const inactive = snapshot.matches('inactive')
  return (
    <BrandFrame institutionId={institutionId} branding={institution?.branding}>
      {snapshot.matches('loading') && <PageSkeleton />}
      {snapshot.matches('unknownInstitution') && <InstitutionNotFound />}
      <InactiveInstitutionDialog open={inactive} />
      {institution && !inactive && (
        <AppLayout
          title={labels.findYourContract}
          progress={null}
          logoUrl={institution.logoUrl}
          institutionName={institution.name}
          allowDarkModeToggle={institution.branding.allowDarkModeToggle}
          languages={institution.applicationSettings.languages}
        >
          <MuiTheme>
            <Stack spacing={3} data-testid="find-contract-page">
              <Typography color="text.secondary">{screens.findContract.intro}</Typography>
              <FindContractForm
                busy={snapshot.matches('retrieving')}
                done={snapshot.matches('opened')}
                submitError={submitError}
                onSubmit={(details, tab) => send({ type: 'SUBMIT', details, tab })}
              />
              {documentUrl && (
                <Alert severity="success" role="status" data-testid="contract-opened">
                  {`${messages.contractOpened} ${beforeContractLink}`}
                  <Link href={documentUrl} target="_blank" rel="noopener" data-testid="contract-link">
                    {screens.findContract.openHereLink}
                  </Link>
                  {afterContractLink}
                  {pageLanguage() !== 'en' && <EnglishVersionLink documentUrl={documentUrl} />}
                </Alert>
              )}
              {snapshot.matches('opened') && snapshot.context.linkToken && (
                <PaperCopyRequest contract={contract} token={snapshot.context.linkToken} />
              )}
              {snapshot.matches('opened') && (
                <CancellationSection
                  view={selectCancellationView(snapshot)}
                  onCancel={() => send({ type: 'CANCEL_CONTRACT' })}
                  onReload={() => send({ type: 'RELOAD_TERMS' })}
                  onFindAgain={() => send({ type: 'FIND_AGAIN' })}
                />
              )}
            </Stack>
            <CancelContractDialog
              open={waiting || busy}
              step={selectDialogStep(snapshot)}
              busy={busy}
              terms={terms}
              error={waiting ? cancelError : null}
              odometer={odometer}
              refusal={odometerRefusal}
              codeSent={codeSent}
              onQuote={(reading) => send({ type: 'QUOTE_REFUND', odometer: reading })}
              onChangeOdometer={() => send({ type: 'CHANGE_ODOMETER' })}
              onConfirm={() => send({ type: 'CONFIRM_CANCEL' })}
              onSubmitCode={(code) => send({ type: 'SUBMIT_CODE', code })}
              onResendCode={() => send({ type: 'RESEND_CODE' })}
              onKeep={() => send({ type: 'KEEP_CONTRACT' })}
            />
            <MessageDialog
              open={snapshot.matches('failed')}
              title={messages.retrievalFailedTitle}
              message={failure ?? ''}
              testId="retrieval-failed-dialog"
              actions={[
                {
                  label: screens.findContract.okayButton,
                  onClick: () => send({ type: 'DISMISS_FAILURE' }),
                  testId: 'retrieval-failed-okay',
                  primary: true,
                },
              ]}
            />
          </MuiTheme>
        </AppLayout>
      )}
    </BrandFrame>
  )
}
