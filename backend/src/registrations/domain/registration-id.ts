import { isRegistrationId } from '../../common/registration-id';
import { RegistrationNotFoundError } from './registration-errors';

export { REGISTRATION_ID } from '../../common/registration-id';

/** A malformed id names no registration: 404, like an unknown one. */
export function assertRegistrationId(id: string): void {
  if (!isRegistrationId(id)) throw new RegistrationNotFoundError();
}
