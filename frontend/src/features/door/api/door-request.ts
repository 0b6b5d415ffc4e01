import { HttpError } from '../../../lib/http-error';

/** A JSON request to the door's routes, with the session cookie; a non-OK answer throws. */
export async function doorRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
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

export const doorListPath = (event: string, time: string) =>
  `/api/admin/tour/events/${encodeURIComponent(event)}/slots/${encodeURIComponent(time)}`;
