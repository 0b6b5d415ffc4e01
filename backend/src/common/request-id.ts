import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const HEADER = 'x-request-id';

/** The caller's request id when it is sane, a fresh one otherwise. */
function chooseRequestId(incoming: unknown): string {
  return typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
}

/** Every request carries an id: the caller's when it is sane, a fresh one otherwise. */
export function requestIdMiddleware(request: Request, response: Response, next: NextFunction) {
  const id = chooseRequestId(request.header(HEADER));
  (request as Request & { id: string }).id = id;
  response.setHeader(HEADER, id);
  next();
}

export function requestId(request: Request): string {
  return (request as Request & { id?: string }).id ?? randomUUID();
}
