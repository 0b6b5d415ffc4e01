import { RegistrationNotFoundError } from './registration-errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text can be a registration's id (a UUID). */
export function isRegistrationId(id: string): boolean {
  return UUID.test(id);
}

/** A malformed id names no registration: 404, like an unknown one. */
export function assertRegistrationId(id: string): void {
  if (!isRegistrationId(id)) throw new RegistrationNotFoundError();
}
