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
type QueryParams<O> = O extends { parameters: { query?: infer Q } }
  ? [Q] extends [undefined | never]
    ? never
    : NonNullable<Q>
  : never;
/** A query string value: repeated for an array (`column=a&column=b`), left out when undefined. */
type QueryValue = string | number | boolean | readonly string[] | undefined;
type RequestBody<O> = O extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : undefined;

interface CallOptions<O> {
  params?: PathParams<O>;
  body?: RequestBody<O>;
}

function fillPath(path: string, params: object | undefined): string {
  if (!params) return path;
  return path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown>)[name])),
  );
}

function queryString(query: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The address of a GET with its query, typed like apiCall, for what the browser fetches itself:
 * an EventSource, a download link.
 */
export function apiUrl<P extends PathsWith<'get'>>(
  path: P,
  query?: QueryParams<Operation<P, 'get'>> & Record<string, QueryValue>,
): string {
  return `${path}${queryString(query)}`;
}

async function call(
  method: Method,
  path: string,
  params?: object,
  body?: unknown,
  query?: Record<string, QueryValue>,
): Promise<unknown> {
  const init: RequestInit = { method: method.toUpperCase(), credentials: 'include' };
  // A JSON body, with its content type, only when there is a body.
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const response = await fetch(`${fillPath(path, params)}${queryString(query)}`, init);
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
    query?: Record<string, QueryValue>;
  };
  return call(method, path, params, body, query) as Promise<SuccessBody<Operation<P, M>>>;
}
