import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Level, Logger } from 'pino';
import { scrubUrl } from './personal-data-redaction';

const CAPACITY_POLL = /^\/api\/capacity(\?|$)/;

/** The level of a request's line: errors, refusals, polls (debug) and the rest (info). */
function levelOf(request: Request, response: Response): Level {
  if (response.statusCode >= 500) return 'error';
  if (response.statusCode >= 400) return 'warn';
  // The capacity is polled by every open page: a line per poll would drown everything else
  // (and cost more than the answer). Written when LOG_LEVEL=debug.
  if (CAPACITY_POLL.test(request.url ?? '')) return 'debug';
  return 'info';
}

/**
 * One line per request when its answer is sent (or its connection closes first): method, path
 * (bearer values in the path and query values of personal keys redacted), status, time taken, the
 * client's address (the real one behind the proxy when TRUST_PROXY says so) and the request id.
 * Headers and bodies are never logged. A line its level leaves out costs one listener and a
 * comparison: nothing is built for it. Health probes, every few seconds, are not logged.
 */
export function httpLoggingMiddleware(logger: Logger): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    if ((request.url ?? '').startsWith('/api/health')) return next();
    const started = Date.now();
    response.once('close', () => {
      const level = levelOf(request, response);
      if (!logger.isLevelEnabled(level)) return;
      const url = scrubUrl(request.originalUrl ?? request.url ?? '');
      const { statusCode } = response;
      logger[level](
        {
          requestId: (request as Request & { id?: string }).id ?? 'unknown',
          req: { method: request.method, url, remoteAddress: request.ip },
          res: { statusCode },
          ...(statusCode >= 500
            ? { err: { type: 'Error', message: `failed with status code ${statusCode}` } }
            : {}),
          durationMs: Date.now() - started,
        },
        `${request.method} ${url} ${statusCode}`,
      );
    });
    next();
  };
}
