import { HttpError } from '../http-error';

/** True when the server says the admin session is missing or over. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}
