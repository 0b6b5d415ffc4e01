import type { ReactNode } from 'react';

/** A labelled field of a Tour page form, with its message under it when it has one. */
export function TourField({
  id,
  label,
  error,
  errorId,
  hint,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  errorId: string;
  hint?: { id: string; text: string };
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={hint.id} className="field-hint">
          {hint.text}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
