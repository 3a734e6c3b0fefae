import Box from '@mui/material/Box'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { CtaButton } from '../../components/cta-button'
import { MessageDialog } from '../../components/message-dialog'
import { FlowActor, useFlowSend } from '../../flow/flow-actor'
import { fill, labels, limits, messages, screens, titles } from '../../lib/product'

type LookupPath = 'vin' | 'description'

export const ESTIMATE_ONLY_MESSAGE = [screens.car.estimateOnlyExplanation, screens.car.estimateOnlyQuestion]

const OPTIONS: ReadonlyArray<{ value: LookupPath; title: string; text: string }> = [
  {
    value: 'vin',
    title: screens.car.vinOptionTitle,
    text: fill(screens.car.vinOptionText, { length: String(limits.vinLength) }),
  },
  {
    value: 'description',
    title: screens.car.descriptionOptionTitle,
    text: screens.car.descriptionOptionText,
  },
]

/** One choice as a selectable card: the whole card is the radio's label. */
function PathOption(props: { option: (typeof OPTIONS)[number]; selected: boolean }) {
  const { option, selected } = props
  return (
    <Box
      component="label"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        p: 2,
        pl: 1,
        cursor: 'pointer',
        border: 2,
        borderRadius: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? 'action.selected' : 'background.paper',
        transition: 'border-color 120ms, background-color 120ms',
        '&:hover': { borderColor: selected ? 'primary.main' : 'text.secondary' },
        '&:has(input:focus-visible)': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Radio
        value={option.value}
        sx={{ mt: -0.75 }}
        slotProps={{
          input: { 'data-testid': `lookup-${option.value}`, 'aria-describedby': `lookup-${option.value}-text` } as object,
        }}
      />
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{option.title}</Typography>
        <Typography variant="body2" color="text.secondary" id={`lookup-${option.value}-text`}>
          {option.text}
        </Typography>
      </Box>
    </Box>
  )
}

/**
 * Lookup choice: VIN (the default) or description. Description first shows the Estimate-only
 * dialog: labels.noEnterVin goes to the VIN page, labels.yesShowEstimates to the description page.
 */
export default function LookupChoicePage() {
  const send = useFlowSend()
  const estimateOnly = FlowActor.useSelector((s) => s.matches({ lookup: 'estimateOnly' }))
  const [path, setPath] = useState<LookupPath>('vin')
  return (
    <Stack spacing={3}>
      <RadioGroup
        aria-label={titles.lookup}
        name="lookup-path"
        value={path}
        onChange={(event) => setPath(event.target.value as LookupPath)}
        sx={{ gap: 1.5 }}
      >
        {OPTIONS.map((option) => (
          <PathOption key={option.value} option={option} selected={path === option.value} />
        ))}
      </RadioGroup>
      <CtaButton
        data-testid="lookup-continue"
        onClick={() => send({ type: path === 'vin' ? 'CHOOSE_VIN' : 'CHOOSE_DESCRIPTION' })}
      >
        {screens.car.continueButton}
      </CtaButton>
      <MessageDialog
        open={estimateOnly}
        testId="estimate-only-dialog"
        title={messages.estimatesTitle}
        message={ESTIMATE_ONLY_MESSAGE}
        onClose={() => send({ type: 'DISMISS_ESTIMATE_ONLY' })}
        actions={[
          { label: labels.noEnterVin, onClick: () => send({ type: 'CHOOSE_VIN' }), testId: 'estimate-only-enter-vin' },
          {
            label: labels.yesShowEstimates,
            onClick: () => send({ type: 'SHOW_ESTIMATES' }),
            testId: 'estimate-only-show-estimates',
            primary: true,
          },
        ]}
      />
    </Stack>
  )
}
