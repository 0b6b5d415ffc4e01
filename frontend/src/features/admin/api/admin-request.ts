import { HttpError } from '../../../lib/http-error';

export type AdminMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * One call to the admin API: cookies always, a JSON body (with its content type) only when there
 * is a body, and any non-OK answer thrown as an HttpError ('HTTP Error {status}').
 */
export async function adminRequest<T>(
  method: AdminMethod,
  path: string,
  body?: unknown,
): Promise<T> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw new HttpError(response, parsed);
  return parsed as T;
}

export function registrationPath(id: string, action?: string): string {
  const encoded = encodeURIComponent(id);
  return action ? `/api/admin/registrations/${encoded}/${action}` : `/api/registrations/${encoded}`;
}

/** True when the server says the admin session is missing or over. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}
