import { parameterFault, type ParameterRule } from '../../../common/parameter-rule';

/**
 * The keyset cursor of the Command Center's list: the last row's creation time, to the
 * microsecond as PostgreSQL keeps it, and its id. Opaque to clients (base64url).
 */
export interface RegistrationCursor {
  /** UTC, 'YYYY-MM-DDTHH:MM:SS.ffffff' */
  createdAt: string;
  id: string;
}

/** The cursor as a request carries it: base64url of the two, about 80 characters. */
export const REGISTRATION_CURSOR: ParameterRule = {
  maxLength: 100,
  pattern: /^[A-Za-z0-9_-]+$/,
  shape: 'a nextCursor this list answered',
};

const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(cursor: RegistrationCursor): string {
  return Buffer.from(`${cursor.createdAt} ${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor, or undefined when the text is not one this list gave. */
export function decodeCursor(text: string): RegistrationCursor | undefined {
  if (parameterFault('cursor', text, REGISTRATION_CURSOR)) return undefined;
  const [createdAt, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split(' ');
  if (rest.length > 0 || !CREATED_AT.test(createdAt ?? '') || !UUID.test(id ?? '')) {
    return undefined;
  }
  if (Number.isNaN(Date.parse(`${createdAt}Z`))) return undefined;
  return { createdAt, id };
}
