import { request, registrationBody, type JsonResponse } from '../http';

export const ADMIN_PASSWORD = 'test-admin-password';

/** Logs in and answers the Cookie header value that carries the session. */
export async function login(baseUrl: string, password = ADMIN_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('admin_session='));
  if (!cookie) throw new Error('login set no admin_session cookie');
  return cookie.split(';')[0];
}

/** A request as the operator's console sends it: with the session cookie. */
export function adminRequest<T = Record<string, unknown>>(
  baseUrl: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse<T>> {
  return request<T>(baseUrl, method, path, body, { cookie, ...headers });
}

/** Registers a visitor and answers the registration's id. */
export async function register(
  baseUrl: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; waitingList: boolean }> {
  const response = await request<{ registrationId: string; waitingList?: boolean }>(
    baseUrl,
    'POST',
    '/api/create-checkout-session',
    registrationBody(overrides),
  );
  if (response.status !== 200) {
    throw new Error(`registration answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return { id: response.body.registrationId, waitingList: response.body.waitingList === true };
}
