import type { Server, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ServerLifecycle } from '../common/server-lifecycle';

/**
 * Tracks the answers not yet sent, so that a shutdown can tell their clients not to reuse the
 * connection (Connection: close) and then wait for them instead of cutting them.
 */
export class InFlightRequests {
  private readonly open = new Set<ServerResponse>();

  constructor(private readonly lifecycle: ServerLifecycle) {}

  get count(): number {
    return this.open.size;
  }

  /** Counts `response` until it is sent or its connection closes. */
  track(response: ServerResponse): void {
    if (this.lifecycle.draining) response.setHeader('Connection', 'close');
    this.open.add(response);
    const done = () => this.open.delete(response);
    response.on('finish', done);
    response.on('close', done);
  }

  readonly middleware: RequestHandler = (
    _request: Request,
    response: Response,
    next: NextFunction,
  ) => {
    this.track(response);
    next();
  };

  /** Every answer from now on ends its connection, so no client sends on a closing socket. */
  closeConnectionsAfterAnswers(): void {
    for (const response of this.open) {
      if (!response.headersSent) response.setHeader('Connection', 'close');
    }
  }
}

/**
 * Stops accepting connections, lets the requests in flight finish (closing each connection as
 * soon as it is idle), and after `timeoutMs` closes whatever is still open.
 */
export async function drainHttpServer(
  server: Server,
  inFlight: InFlightRequests,
  timeoutMs: number,
): Promise<{ forced: boolean }> {
  inFlight.closeConnectionsAfterAnswers();
  let forced = false;
  const closed = new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
  });
  const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
  const deadline = setTimeout(() => {
    forced = true;
    server.closeAllConnections();
  }, timeoutMs);
  try {
    await closed;
  } finally {
    clearInterval(idleSweep);
    clearTimeout(deadline);
  }
  return { forced };
}
