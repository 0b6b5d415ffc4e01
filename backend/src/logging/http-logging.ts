import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { scrubUrl } from './personal-data-redaction';

const CAPACITY_POLL = /^\/api\/capacity(\?|$)/;

/**
 * One line per request when its answer is sent: method, path (query values of personal keys
 * redacted), status, time taken, the client's address (the real one behind the proxy when
 * TRUST_PROXY says so) and the request id. Headers and bodies are never logged.
 */
export function httpLoggingMiddleware(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    wrapSerializers: false,
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    genReqId: (request) => (request as IncomingMessage & { id?: string }).id ?? 'unknown',
    serializers: {
      req: (request: Request) => ({
        method: request.method,
        url: scrubUrl(request.originalUrl ?? request.url),
        remoteAddress: request.ip,
      }),
      res: (response: ServerResponse) => ({ statusCode: response.statusCode }),
      err: (error: Error) => ({ type: error.name, message: error.message }),
    },
    customLogLevel: (request, response, error) => {
      if (error || response.statusCode >= 500) return 'error';
      if (response.statusCode >= 400) return 'warn';
      // The capacity is polled by every open page: a line per poll would drown everything
      // else (and cost more than the answer). Written when LOG_LEVEL=debug.
      if (CAPACITY_POLL.test(request.url ?? '')) return 'debug';
      return 'info';
    },
    customSuccessMessage: (request, response) =>
      `${request.method} ${scrubUrl((request as Request).originalUrl ?? request.url ?? '')} ${response.statusCode}`,
    customErrorMessage: (request, response) =>
      `${request.method} ${scrubUrl((request as Request).originalUrl ?? request.url ?? '')} ${response.statusCode}`,
    // Health probes every few seconds would drown everything else.
    autoLogging: { ignore: (request) => (request.url ?? '').startsWith('/api/health') },
  }) as unknown as RequestHandler;
}
