import type { ParameterRule } from './parameter-rule';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Whether a text can be a registration's id (a UUID): links and webhooks check it before looking. */
export function isRegistrationId(id: string): boolean {
  return UUID.test(id);
}

/** A registration's id as a request names it (`{id}`): a UUID. */
export const REGISTRATION_ID: ParameterRule = {
  maxLength: 36,
  pattern: UUID,
  shape: 'a registration id (a UUID)',
};
