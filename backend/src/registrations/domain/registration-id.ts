import { isRegistrationId } from '../../common/registration-id';
import { RegistrationNotFoundError } from './registration-errors';

/** A malformed id names no registration: 404, like an unknown one. */
export function assertRegistrationId(id: string): void {
  if (!isRegistrationId(id)) throw new RegistrationNotFoundError();
}
