import type { ReactNode } from 'react';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';

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

/**
 * The foot of a Tour page form: the refusal the server gave the whole form, Cancel, and the
 * submit button (`submit`, or "Saving…" while the form is sent).
 */
export function TourFormActions({
  formError,
  pending,
  onClose,
  submit,
}: {
  formError: ReactNode;
  pending: boolean;
  onClose: () => void;
  submit: string;
}) {
  const t = useAdminText();
  return (
    <>
      {formError && (
        <p role="alert" className="field-error">
          {formError}
        </p>
      )}
      <div className="confirm-dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose} disabled={pending}>
          {t('admin.tour.form.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? t('admin.tour.form.saving') : submit}
        </button>
      </div>
    </>
  );
}
