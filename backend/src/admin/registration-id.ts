import { RegistrationNotFoundError } from '../registrations/domain/registration-errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names no registration: 404, like an unknown one. */
export function assertRegistrationId(id: string): void {
  if (!UUID.test(id)) throw new RegistrationNotFoundError();
}
