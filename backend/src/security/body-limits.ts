import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { sendApiError } from './api-error-response';

/** The largest request body any route accepts; a registration is a few kilobytes. */
export const BODY_LIMIT_BYTES = 100 * 1024;
export const BODY_LIMIT = '100kb';

export const BODY_TOO_LARGE = 'The request body is too large';

/**
 * Refuses a body over the limit before anything reads it, when its length is declared. Bodies
 * sent in chunks meet the same limit inside each parser.
 */
export function bodyLimitMiddleware(request: Request, response: Response, next: NextFunction) {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (Number.isFinite(declared) && declared > BODY_LIMIT_BYTES) {
    // Say it and close: reading the rest of an oversized upload is what the limit avoids.
    response.setHeader('Connection', 'close');
    sendApiError(response, 413, BODY_TOO_LARGE);
    return;
  }
  next();
}

/** Every parser the API mounts, each with the same cap. */
export function useCappedBodyParsers(app: NestExpressApplication): void {
  app.useBodyParser('json', { limit: BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: false, parameterLimit: 100 });
}
