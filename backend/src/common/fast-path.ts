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
