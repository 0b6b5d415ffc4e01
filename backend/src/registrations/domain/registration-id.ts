import type { ParameterRule } from '../../common/parameter-rule';
import { RegistrationNotFoundError } from './registration-errors';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A registration's id as a request names it (`{id}`): a UUID. */
export const REGISTRATION_ID: ParameterRule = {
  maxLength: 36,
  pattern: UUID,
  shape: 'a registration id (a UUID)',
};

/** Whether a text can be a registration's id (a UUID). */
export function isRegistrationId(id: string): boolean {
  return UUID.test(id);
}

/** A malformed id names no registration: 404, like an unknown one. */
export function assertRegistrationId(id: string): void {
  if (!isRegistrationId(id)) throw new RegistrationNotFoundError();
}
