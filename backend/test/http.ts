/** A small JSON client for a running test server. */
export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function request<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/**
 * A refusal for now: 429 in the error shape with `message` (a string or a matcher), and a
 * Retry-After of whole seconds, more than `wait.moreThan` and at most `wait.atMost`.
 */
export function expectRefusedForNow(
  answer: JsonResponse,
  message: unknown,
  wait: { moreThan: number; atMost: number },
): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ statusCode: 429, code: expect.any(String), message, errors: [] });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(wait.moreThan);
  expect(retryAfter).toBeLessThanOrEqual(wait.atMost);
}

export const OPEN_SLOT = 'Oct 30 - 7:30pm';

export const A_DREAM =
  'I was walking through a city made of glass, and every window showed a different night sky; my grandmother waved from a tram.';

export function registrationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ana Popescu',
    email: `ana.${Math.random().toString(36).slice(2)}@example.com`,
    whatsapp: '+40 712 345 678',
    event: 'bucharest',
    time: OPEN_SLOT,
    dream: A_DREAM,
    dreamedCaptured: false,
    ...overrides,
  };
}

/** The sandbox's card that pays (4000 0000 0000 0002 is the one it declines). */
export const CARD_THAT_PAYS = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/**
 * Pays on a sandbox payment page (`checkoutUrl`, /sandbox/checkout/<session>) as its form posts,
 * without following the redirect: a 303 says the payment went through.
 */
export function payInSandbox(checkoutUrl: string): Promise<Response> {
  return fetch(checkoutUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(CARD_THAT_PAYS).toString(),
  });
}
