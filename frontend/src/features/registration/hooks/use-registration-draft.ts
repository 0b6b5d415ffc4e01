import { useCallback, useEffect, useState } from 'react';
import { REGISTRATION_FIELDS } from '../rules/registration-rules';
import type { RegistrationValues } from '../rules/registration-rules';

/**
 * What the visitor typed, kept in this browser until the registration succeeds or they clear
 * it: a reload, a failed submit, a language switch or a long time offline loses nothing.
 */
export const REGISTRATION_DRAFT_KEY = 'registrationDraft';

export function readDraft(empty: RegistrationValues): RegistrationValues {
  try {
    const stored: unknown = JSON.parse(
      window.localStorage.getItem(REGISTRATION_DRAFT_KEY) ?? 'null',
    );
    if (!stored || typeof stored !== 'object') return empty;
    const values = { ...empty };
    for (const field of REGISTRATION_FIELDS) {
      const value = (stored as Record<string, unknown>)[field];
      if (typeof value === 'string') values[field] = value;
    }
    return values;
  } catch {
    return empty;
  }
}

function isEmpty(values: RegistrationValues, empty: RegistrationValues): boolean {
  return REGISTRATION_FIELDS.every((field) => values[field] === empty[field]);
}

/** The form's values, saved as they change; `clear` forgets them here and in storage. */
export function useRegistrationDraft(empty: RegistrationValues) {
  const [values, setValues] = useState<RegistrationValues>(() => readDraft(empty));

  useEffect(() => {
    try {
      if (isEmpty(values, empty)) window.localStorage.removeItem(REGISTRATION_DRAFT_KEY);
      else window.localStorage.setItem(REGISTRATION_DRAFT_KEY, JSON.stringify(values));
    } catch {
      // Without storage the form still works; it just cannot outlive the page.
    }
  }, [values, empty]);

  /** Forgets the stored copy, leaving the page as it is (the registration succeeded). */
  const forget = useCallback(() => {
    try {
      window.localStorage.removeItem(REGISTRATION_DRAFT_KEY);
    } catch {
      // nothing stored
    }
  }, []);

  const clear = useCallback(() => {
    forget();
    setValues(empty);
  }, [empty, forget]);

  return { values, setValues, clear, forget, isEmpty: isEmpty(values, empty) };
}
