import type { paths } from './api-schema';
import { HttpError } from './http-error';

/**
 * A small fetch client typed from the OpenAPI document (api-schema.d.ts is generated from it):
 * a path, its parameters, its body and its answer are all checked, so a contract change breaks
 * the build. Every call sends cookies; a non-OK answer throws 'HTTP Error {status}'.
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
type PathParams<O> = O extends { parameters: { path: infer A } } ? A : undefined;
type QueryParams<O> = O extends { parameters: { query?: infer Q } } ? Exclude<Q, undefined> : never;
type RequestBody<O> = O extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : undefined;

interface CallOptions<O> {
  params?: PathParams<O>;
  body?: RequestBody<O>;
}

function fillPath(path: string, params: object | undefined, query?: object): string {
  const filled = params
    ? path.replace(/\{([^}]+)\}/g, (_, name: string) =>
        encodeURIComponent(String((params as Record<string, unknown>)[name])),
      )
    : path;
  const search = new URLSearchParams(
    Object.entries(query ?? {})
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  ).toString();
  return search ? `${filled}?${search}` : filled;
}

async function call(
  method: Method,
  path: string,
  params?: object,
  body?: unknown,
  query?: object,
): Promise<unknown> {
  const init: RequestInit = { method: method.toUpperCase(), credentials: 'include' };
  // A JSON body, with its content type, only when there is a body.
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const response = await fetch(fillPath(path, params, query), init);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw new HttpError(response, parsed);
  return parsed;
}

export function apiGet<P extends PathsWith<'get'>>(
  path: P,
  options: CallOptions<Operation<P, 'get'>> = {},
): Promise<SuccessBody<Operation<P, 'get'>>> {
  return call('get', path, options.params ?? undefined) as Promise<
    SuccessBody<Operation<P, 'get'>>
  >;
}

export function apiPost<P extends PathsWith<'post'>>(
  path: P,
  options: CallOptions<Operation<P, 'post'>> = {},
): Promise<SuccessBody<Operation<P, 'post'>>> {
  return call('post', path, options.params ?? undefined, options.body) as Promise<
    SuccessBody<Operation<P, 'post'>>
  >;
}

/**
 * The default query function: a GET on the query key's parts joined by slashes, parsed as JSON.
 */
export function fetchByQueryKey({ queryKey }: { queryKey: readonly unknown[] }): Promise<unknown> {
  return call('get', queryKey.join('/'));
}

type RequiredPathParams<O> = O extends { parameters: { path: infer A } } ? A : never;
type RequiredBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : never;
type StrictCallOptions<O> = ([RequiredPathParams<O>] extends [never]
  ? object
  : { params: RequiredPathParams<O> }) &
  ([RequiredBody<O>] extends [never] ? object : { body: RequiredBody<O> }) &
  ([QueryParams<O>] extends [never] ? object : { query?: QueryParams<O> });

/**
 * Any method of any operation; path parameters and a body are required exactly when the
 * operation has them.
 */
export function apiCall<M extends Method, P extends PathsWith<M>>(
  method: M,
  path: P,
  ...[options]: [keyof StrictCallOptions<Operation<P, M>>] extends [never]
    ? [options?: StrictCallOptions<Operation<P, M>>]
    : [options: StrictCallOptions<Operation<P, M>>]
): Promise<SuccessBody<Operation<P, M>>> {
  const { params, body, query } = (options ?? {}) as {
    params?: object;
    body?: unknown;
    query?: object;
  };
  return call(method, path, params, body, query) as Promise<SuccessBody<Operation<P, M>>>;
}
