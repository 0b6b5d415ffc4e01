import type { paths } from '../../../lib/api-schema';
import { HttpError } from '../../../lib/http-error';

/**
 * The admin API's calls, typed from the OpenAPI document (lib/api-schema.d.ts): a path, its
 * parameters, its body and its answer are checked, so a change of the backend's contract breaks
 * this build. Cookies always; a JSON body (with its content type) only when there is a body; any
 * non-OK answer thrown as an HttpError ('HTTP Error {status}').
 */
type Method = 'get' | 'post' | 'patch' | 'delete';
type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, object> ? P : never;
}[keyof paths];
type Operation<P extends keyof paths, M extends Method> =
  paths[P] extends Record<M, infer O> ? O : never;
type JsonContent<R> = R extends { content: { 'application/json': infer T } } ? T : undefined;
type SuccessBody<O> = O extends { responses: infer R }
  ? 200 extends keyof R
    ? JsonContent<R[200]>
    : 201 extends keyof R
      ? JsonContent<R[201]>
      : undefined
  : never;
type PathParams<O> = O extends { parameters: { path: infer A } } ? A : never;
type RequestBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : never;

type CallOptions<O> = ([PathParams<O>] extends [never] ? object : { params: PathParams<O> }) &
  ([RequestBody<O>] extends [never] ? object : { body: RequestBody<O> });

function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  if (!params) return path;
  return path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name])),
  );
}

export async function adminCall<M extends Method, P extends PathsWith<M>>(
  method: M,
  path: P,
  ...[options]: [keyof CallOptions<Operation<P, M>>] extends [never]
    ? [options?: CallOptions<Operation<P, M>>]
    : [options: CallOptions<Operation<P, M>>]
): Promise<SuccessBody<Operation<P, M>>> {
  const { params, body } = (options ?? {}) as { params?: Record<string, unknown>; body?: unknown };
  const init: RequestInit = { method: method.toUpperCase(), credentials: 'include' };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const response = await fetch(fillPath(path, params), init);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw new HttpError(response, parsed);
  return parsed as SuccessBody<Operation<P, M>>;
}

/** True when the server says the admin session is missing or over. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}
