import type { ReactNode } from 'react';

/** What a field's control carries so that its label, hint and message are read with it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/** The ids of a field's hint and message, made from the control's id. */
export function fieldIds(id: string): { hint: string; error: string } {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

/**
 * A message under a field or a form, in the site's error style. `alert` makes a screen reader
 * say it as it appears (a refusal after submitting); a field's own message is read with the
 * field instead, through the control's aria-describedby.
 */
export function FieldError({
  id,
  alert = false,
  children,
}: {
  id?: string;
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <p id={id} className="field-error" role={alert ? 'alert' : undefined}>
      {children}
    </p>
  );
}

/**
 * A labelled field: the label, the control, its hint and its message when it has one. The
 * control is given its id, aria-describedby (the hint and the message) and aria-invalid (while
 * there is a message) when `children` is a function; a control that makes its own (a form hook's
 * props) uses the ids of `fieldIds(id)`.
 */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
}) {
  const ids = fieldIds(id);
  const describedBy = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ');
  const control: FieldControlProps = {
    id,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(error ? { 'aria-invalid': true } : {}),
  };
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {typeof children === 'function' ? children(control) : children}
      {hint && (
        <p id={ids.hint} className="field-hint">
          {hint}
        </p>
      )}
      {error && <FieldError id={ids.error}>{error}</FieldError>}
    </div>
  );
}

/** A choice among `options` in a Field: the value chosen, and what to do when it changes. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  options,
  disabled,
  className,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Field id={id} label={label} className={className}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(change) => onChange(change.target.value)}
          disabled={disabled}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
