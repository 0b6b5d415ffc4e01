import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request id of the request being served, for log lines written anywhere below it. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs the rest of the request inside its context; mount after requestIdMiddleware. */
export function requestContextMiddleware(
  request: Request,
  _response: Response,
  next: NextFunction,
) {
  const requestId = (request as Request & { id?: string }).id;
  if (!requestId) return next();
  storage.run({ requestId }, next);
}

/** Runs `work` in the context of the request `requestId` (for code that answers before Express). */
export function runInRequestContext<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}
