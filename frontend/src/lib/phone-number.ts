import { useEffect, useState } from 'react';

/** Whether a phone, composed (NFC) and trimmed, is one. */
export type PhoneCheck = (phone: string) => boolean;

/** The server's PHONE_COUNTRIES: a number without its country code is read as one of theirs. */
export const PHONE_COUNTRIES = ['IT', 'RO'] as const;

let loading: Promise<PhoneCheck> | undefined;

/**
 * The server's phone rule (registration-rules.ts `isPhoneNumber`; a test holds the two equal),
 * with libphonenumber-js fetched on demand: its metadata would weigh on every page's first load.
 */
export function loadPhoneRule(): Promise<PhoneCheck> {
  loading ??= import('libphonenumber-js/min').then(
    ({ isPossiblePhoneNumber }) =>
      (phone: string) =>
        isPossiblePhoneNumber(phone) ||
        PHONE_COUNTRIES.some((country) => isPossiblePhoneNumber(phone, country)),
  );
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The phone rule once it has loaded; until then (or offline) the server checks alone. */
export function usePhoneRule(): PhoneCheck | undefined {
  const [check, setCheck] = useState<PhoneCheck>();
  useEffect(() => {
    let live = true;
    loadPhoneRule().then(
      (loaded) => {
        if (live) setCheck(() => loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return check;
}
