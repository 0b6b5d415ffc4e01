import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Every page polls the capacity answer: a browser may keep it but must ask again each time
 * (`no-cache`), and it asks with the ETag it holds, so an answer that did not change costs a 304
 * without a body.
 */
export const CAPACITY_CACHE_CONTROL = 'no-cache';

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch)
    .split(',')
    .some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * Answers GET /api/capacity, whichever door takes it: 304 with the headers but no body when the
 * client holds this ETag, else 200 with the body. `headers` carry the ETag of `body`.
 */
export function answerCapacity(
  request: IncomingMessage,
  response: ServerResponse,
  body: Buffer,
  headers: readonly (readonly [string, string])[],
): void {
  const etag = headers.find(([name]) => name.toLowerCase() === 'etag')?.[1];
  const notModified = etag !== undefined && etagMatches(request.headers['if-none-match'], etag);
  const sent = headers
    .filter(([name]) => !notModified || !/^content-(length|type)$/i.test(name))
    .flatMap(([name, value]) => [name, value]);
  response.writeHead(notModified ? 304 : 200, sent);
  response.end(notModified || request.method === 'HEAD' ? undefined : body);
}
