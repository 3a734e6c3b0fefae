import { screens } from '../lib/product'

/** MUI's step icon when done: a full 24 px circle with a check (its StepIcon's own drawing). */
const DONE = <path d="M12 0a12 12 0 1 0 0 24 12 12 0 0 0 0-24zm-2 17l-5-5 1.4-1.4 3.6 3.6 7.6-7.6L19 8l-9 9z" />

/**
 * The purchase's stepper (spec section 2's labels): the labels before `activeStep` show as done.
 * MUI's alternative-label stepper as plain HTML on index.html's .cl-step classes (no MUI: a page
 * restored from a continue link draws without it).
 */
export default function FlowStepper(props: { labels: readonly string[]; activeStep: number }) {
  return (
    <ol className="cl-steps" aria-label={screens.components.purchaseStepsLabel} data-testid="stepper">
      {props.labels.map((label, index) => {
        const state = index < props.activeStep ? 'done' : index === props.activeStep ? 'active' : 'idle'
        return (
          <li
            key={label}
            className={`cl-step cl-step-${state}`}
            aria-current={state === 'active' ? 'step' : undefined}
            data-testid={state === 'active' ? 'stepper-active' : undefined}
          >
            <svg className="cl-step-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              {state === 'done' ? (
                DONE
              ) : (
                <>
                  <circle cx="12" cy="12" r="12" />
                  <text x="12" y="12" textAnchor="middle" dominantBaseline="central">
                    {index + 1}
                  </text>
                </>
              )}
            </svg>
            <span className="cl-step-label">{label}</span>
          </li>
        )
      })}
    </ol>
  )
}
