import {
  useId,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react'
import { FrameIcon } from './frame-icons'

/**
 * MUI's outlined text field as plain HTML on index.html's .cl-input classes (the label on the
 * outline, floating up on focus or once filled; the helper text under it, red on an error), for the
 * splash, which loads no MUI. The label is the control's <label>; an error is its description and
 * makes it aria-invalid.
 */
function Field(props: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={props.error ? 'cl-input cl-input-error' : 'cl-input'}>
      <div className="cl-input-box">
        {props.children}
        <fieldset aria-hidden="true">
          <legend>
            <span>{props.label}</span>
          </legend>
        </fieldset>
        <label htmlFor={props.id}>{props.label}</label>
      </div>
      {props.error && (
        <p id={`${props.id}-helper`} className="cl-input-helper">
          {props.error}
        </p>
      )}
    </div>
  )
}

interface FieldProps {
  label: string
  /** The field's error message (a refusal or a rule), shown under it. */
  error?: string
  'data-testid'?: string
}

/** A text input with its floating label. */
export function TextInput({
  label,
  error,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & FieldProps & { ref?: Ref<HTMLInputElement> }) {
  const id = useId()
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        ref={ref}
        // The label floats up once the field is filled: CSS reads that from the placeholder being hidden.
        placeholder=" "
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-helper` : undefined}
        {...props}
      />
    </Field>
  )
}

/** A native select with its label always up (MUI's shrink), and the drop-down arrow. */
export function SelectInput({
  label,
  error,
  ref,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & FieldProps & { ref?: Ref<HTMLSelectElement> }) {
  const id = useId()
  return (
    <Field id={id} label={label} error={error}>
      <select id={id} ref={ref} aria-invalid={!!error} aria-describedby={error ? `${id}-helper` : undefined} {...props}>
        {children}
      </select>
      <span className="cl-input-arrow">
        <FrameIcon name="arrowDropDown" />
      </span>
    </Field>
  )
}

/** An error message (MUI's standard error Alert, .cl-alert). */
export function ErrorAlert(props: { children: ReactNode; 'data-testid'?: string }) {
  return (
    <div className="cl-alert" role="alert" data-testid={props['data-testid']}>
      <FrameIcon name="errorOutline" />
      <div>{props.children}</div>
    </div>
  )
}

/**
 * A checkbox with its label and, on an error, the helper text under it (MUI's FormControlLabel,
 * Checkbox and FormHelperText as plain HTML on index.html's .cl-check classes). The native input
 * lies over the drawn box, so a click, a tap, the keyboard and assistive technology all reach it.
 */
export function CheckboxField({
  label,
  error,
  ref,
  checked,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode
  error?: string
  ref?: Ref<HTMLInputElement>
  'data-testid'?: string
}) {
  const id = useId()
  return (
    <div className="cl-check-field">
      <label className="cl-check">
        <span className="cl-check-box">
          <input
            type="checkbox"
            ref={ref}
            checked={checked}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-helper` : undefined}
            {...props}
          />
          <FrameIcon name={checked ? 'checkBox' : 'checkBoxBlank'} />
        </span>
        <span>{label}</span>
      </label>
      {error && (
        <p id={`${id}-helper`} className="cl-input-helper">
          {error}
        </p>
      )}
    </div>
  )
}

/** A button that reads as a link (MUI's Link with component="button"). */
export function LinkButton({
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement>; 'data-testid'?: string }) {
  return <button type="button" className={className ? `cl-link ${className}` : 'cl-link'} {...props} />
}

/**
 * A short text shown under its anchor while the pointer is on it, while it has the focus, or after a
 * tap (MUI's Tooltip without its positioning engine); Escape hides it. The anchor is described by it.
 */
export function TextTooltip(props: { title: string; children: (described: TooltipAnchorProps) => ReactNode }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const show = () => setOpen(true)
  const hide = () => setOpen(false)
  return (
    <span className="cl-tip-anchor">
      {props.children({
        'aria-describedby': open ? id : undefined,
        onMouseEnter: show,
        onMouseLeave: hide,
        onFocus: show,
        onBlur: hide,
        onClick: () => setOpen((shown) => !shown),
        onKeyDown: (event) => {
          if (event.key === 'Escape') hide()
        },
      })}
      {open && (
        <span role="tooltip" id={id} className="cl-tooltip">
          {props.title}
        </span>
      )}
    </span>
  )
}

/** What a tooltip's anchor takes: its description and the events that show and hide it. */
export interface TooltipAnchorProps {
  'aria-describedby': string | undefined
  onMouseEnter: () => void
  onMouseLeave: () => void
  onFocus: () => void
  onBlur: () => void
  onClick: () => void
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
}
