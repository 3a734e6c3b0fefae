import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react'
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
