import { HttpError } from '../../../lib/http-error';

/**
 * The tour routes' calls until they are in the generated API schema (see tour-types.ts): the
 * same contract as lib/api-client's apiCall (cookies sent, a JSON body only when there is one,
 * a non-OK answer thrown as HttpError with the server's message and field errors).
 */
export async function tourRequest<T>(
  method: 'GET' | 'POST' | 'PATCH',
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

/** An event's address under /api/admin/tour/events. */
export function eventPath(slug: string): string {
  return `/api/admin/tour/events/${encodeURIComponent(slug)}`;
}

/** A slot's address; its name ("Dec 3 - 7:30pm") is encoded as one path segment. */
export function slotPath(slug: string, time: string): string {
  return `${eventPath(slug)}/slots/${encodeURIComponent(time)}`;
}
