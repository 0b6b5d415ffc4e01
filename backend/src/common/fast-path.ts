import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** What the server does with a request when no fast path takes it (here, Express and Nest). */
export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A route answered before Express: it says true when it has taken the request (and then answers
 * it, or hands it to `rest` itself later), or false and leaves it alone.
 */
export type FastPath = (
  request: IncomingMessage,
  response: ServerResponse,
  rest: RequestListener,
) => boolean;

/** Puts `fastPaths` in front of whatever the server does with a request (here, Express). */
export function serveFirst(server: Server, fastPaths: FastPath[]): void {
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const rest: RequestListener = (request, response) => {
    for (const listener of listeners) listener.call(server, request, response);
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    for (const fastPath of fastPaths) if (fastPath(request, response, rest)) return;
    rest(request, response);
  });
}

/**
 * The headers of a JSON answer as the API's Express routes send it: the security headers
 * (helmet's), `Cache-Control: no-store`, the type, the length, `Vary`, and the ETag of Express's own
 * ETag function, for routes answered before Express.
 */
export function jsonAnswerHeaders(
  securityHeaders: readonly (readonly [string, string])[],
  body: Buffer,
  etag: (body: Buffer, encoding: BufferEncoding) => string | undefined,
): [string, string][] {
  const headers = new Map<string, [string, string]>();
  for (const [name, value] of securityHeaders) headers.set(name.toLowerCase(), [name, value]);
  headers.set('cache-control', ['Cache-Control', 'no-store']);
  headers.set('content-type', ['Content-Type', 'application/json; charset=utf-8']);
  headers.set('content-length', ['Content-Length', String(body.length)]);
  // Express's compression varies JSON answers by encoding, small ones included.
  headers.set('vary', ['Vary', 'Accept-Encoding']);
  const tag = etag(body, 'utf8');
  if (tag) headers.set('etag', ['ETag', tag]);
  return [...headers.values()];
}
