import { useId, useState } from 'react';
import { HttpError } from '../../../lib/http-error';
import { BOUND_OF_TEXT, type FormErrors } from '../model/tour-forms';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import type { AdminMessageId } from '../../../lib/admin-session/admin-catalogue';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';

/** The operator's words for the field refusals the page knows by their code. */
const TEXT_OF_FIELD_CODE: Readonly<Record<string, AdminMessageId>> = {
  'currency-not-accepted': 'admin.tour.error.currencyNotAccepted',
};

/**
 * A Tour page form's state, marked as the site's registration form marks its fields: a field
 * says what is wrong once touched (or on a submit, all at once, focus on the first), with
 * aria-invalid and its message tied to it; a field the server refused carries the server's words
 * until it is changed.
 */
export function useTourForm<F extends string>({
  fields,
  initial,
  validate,
  serverFields = {},
}: {
  fields: readonly F[];
  initial: Record<F, string>;
  validate: (values: Record<F, string>) => FormErrors<F>;
  /** The server's name of a field, where it differs from the form's (priceMinor: price). */
  serverFields?: Record<string, F>;
}) {
  const t = useAdminText();
  const idPrefix = useId();
  const { fail } = useAdminFailure();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const errors = validate(values);
  const id = (field: F) => `${idPrefix}-${field}`;

  const messageFor = (field: F): string | null => {
    const server = serverErrors[field];
    if (server) return server;
    const error = errors[field];
    return touched[field] && error ? t(error, BOUND_OF_TEXT[error]) : null;
  };

  const set = (field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };
  const touch = (field: F) =>
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));

  const fieldProps = (field: F, describedBy: string[] = []) => {
    const message = messageFor(field);
    const ids = [...describedBy, ...(message ? [`${id(field)}-error`] : [])];
    return {
      id: id(field),
      name: field,
      value: values[field],
      'aria-invalid': message ? true : undefined,
      'aria-describedby': ids.length ? ids.join(' ') : undefined,
      onBlur: () => touch(field),
    };
  };

  /**
   * On submit: true when every field is valid; otherwise every field shows its message and the
   * first invalid one takes focus.
   */
  const check = (): boolean => {
    setFormError(null);
    const first = fields.find((field) => errors[field]);
    if (!first) return true;
    setTouched(Object.fromEntries(fields.map((field) => [field, true])) as Record<F, boolean>);
    document.getElementById(id(first))?.focus();
    return false;
  };

  /**
   * The server's refusal: its field errors on their fields; its message on `conflictField` for a
   * 409 (the slug or name taken), or above the buttons otherwise.
   */
  const refuse = (error: unknown, conflictField?: F) => {
    if (!(error instanceof HttpError)) return;
    const byField: Partial<Record<F, string>> = {};
    const unplaced: string[] = [];
    for (const { field, code, message } of error.fieldErrors) {
      const mapped = (serverFields[field] ?? field) as F;
      const known = TEXT_OF_FIELD_CODE[code];
      const words = known ? t(known) : message;
      if (fields.includes(mapped)) byField[mapped] = words;
      else unplaced.push(words);
    }
    if (error.status === 409 && conflictField && error.serverMessage && !byField[conflictField])
      byField[conflictField] = error.serverMessage;
    else if (error.status !== 401 && !Object.keys(byField).length)
      unplaced.push(error.serverMessage ?? t('admin.tour.error.tryAgain'));
    setServerErrors(byField);
    setFormError(unplaced.length ? unplaced.join(' ') : null);
    const first = fields.find((field) => byField[field]);
    if (first) document.getElementById(id(first))?.focus();
  };

  /** A refused request: `refuse` on the form, and the failure's toast titled `title`. */
  const failed = (error: unknown, title: AdminMessageId, conflictField?: F) => {
    refuse(error, conflictField);
    fail(
      error,
      title,
      (error instanceof HttpError && error.serverMessage) || t('admin.tour.error.tryAgain'),
    );
  };

  return { values, set, touch, fieldProps, messageFor, check, refuse, failed, formError };
}

export type TourForm<F extends string> = ReturnType<typeof useTourForm<F>>;
