import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const HEADER = 'x-request-id';

/** Every request carries an id: the caller's when it is sane, a fresh one otherwise. */
export function requestIdMiddleware(request: Request, response: Response, next: NextFunction) {
  const incoming = request.header(HEADER);
  const id = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  (request as Request & { id: string }).id = id;
  response.setHeader(HEADER, id);
  next();
}

export function requestId(request: Request): string {
  return (request as Request & { id?: string }).id ?? randomUUID();
}
