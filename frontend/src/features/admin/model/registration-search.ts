import type { AdminRegistration } from '../api/admin-registration';
import { displayName, registrationStatus } from './registration-display';
import type { RegistrationStatus } from './registration-display';

export type StatusFilter = 'all' | RegistrationStatus;

function digits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Matches the query against name, email and phone (a phone also by its digits alone). */
export function matchesSearch(registration: AdminRegistration, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return true;
  const haystacks = [
    displayName(registration) ?? '',
    registration.email ?? '',
    registration.whatsapp ?? '',
  ].map((value) => value.toLocaleLowerCase());
  if (haystacks.some((value) => value.includes(needle))) return true;
  const needleDigits = digits(needle);
  return needleDigits.length > 0 && needleDigits === needle.replace(/[\s()+-]/g, '')
    ? digits(registration.whatsapp ?? '').includes(needleDigits)
    : false;
}

export function filterRegistrations(
  registrations: AdminRegistration[],
  query: string,
  status: StatusFilter,
): AdminRegistration[] {
  return registrations.filter(
    (registration) =>
      (status === 'all' || registrationStatus(registration) === status) &&
      matchesSearch(registration, query),
  );
}
