import Step from '@mui/material/Step'
import StepLabel from '@mui/material/StepLabel'
import Stepper from '@mui/material/Stepper'
import { MuiTheme } from './mui-theme'

/** The purchase's stepper (spec section 2's labels): the labels before `activeStep` show as done. */
export default function FlowStepper(props: { labels: readonly string[]; activeStep: number }) {
  return (
    <MuiTheme>
      <Stepper
        activeStep={props.activeStep}
        alternativeLabel
        aria-label="Purchase steps"
        data-testid="stepper"
        sx={{ mb: 3, '& .MuiStepLabel-label': { fontSize: '0.75rem' } }}
      >
        {props.labels.map((label, index) => (
          <Step key={label} data-testid={index === props.activeStep ? 'stepper-active' : undefined}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
    </MuiTheme>
  )
}
