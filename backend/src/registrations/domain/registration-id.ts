import { isRegistrationId } from '../../common/registration-id';
import { RegistrationNotFoundError } from './registration-errors';

export { REGISTRATION_ID } from '../../common/registration-id';

/** A malformed id names no registration: 404, like an unknown one. */
export function assertRegistrationId(id: string): void {
  if (!isRegistrationId(id)) throw new RegistrationNotFoundError();
}

/** How the console, the CSV and the door name a registration: '#' and its id's last six characters. */
export function shortIdOf(id: string): string {
  return `#${id.slice(-6).toUpperCase()}`;
}
