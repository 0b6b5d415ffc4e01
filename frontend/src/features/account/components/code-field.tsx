import type { InputHTMLAttributes } from 'react';
import { Field } from '../../../components/field';

/**
 * A field for a six-digit code of the authenticator app: numeric keyboard, the browser's
 * one-time-code autofill. What the input also needs (aria, disabled) comes as `input`.
 */
export function CodeField({
  id,
  label,
  value,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  return (
    <Field id={id} label={label}>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
    </Field>
  );
}
