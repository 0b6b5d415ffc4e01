import { DomainError } from './domain-error';
import type { FieldError } from './validation';

/**
 * The refusals of the application's shared layers, whatever the route: the validation pipe, the
 * body parser and the body's bounds, an unreachable database, a registration changed at the same
 * moment, a route that does not exist, a fault of ours. common-answers.ts declares each on the
 * operations it applies to.
 */

/** A request that breaks its rules (400): errors[] names each field with its code. */
export class ValidationFailed extends DomainError {
  static override readonly codes = { 'validation-failed': 400 };

  constructor(override readonly errors: FieldError[]) {
    super('validation-failed', errors.map((error) => error.message).join('; '));
  }
}

/** A body the parser or the body's bounds refuse before validation. */
export class BodyRefused extends DomainError {
  static override readonly codes = {
    'invalid-json': 400,
    'body-not-utf8': 400,
    'body-too-deep': 400,
    'body-too-many-members': 400,
    'body-too-large': 413,
    'unsupported-media-type': 415,
  };
}

/** A path parameter that is not valid percent-encoded UTF-8 (400). */
export class PathRefused extends DomainError {
  static override readonly codes = { 'invalid-path': 400 };
}

/** The database cannot be reached right now, or the server is shutting down (503). */
export class ServiceUnavailable extends DomainError {
  static override readonly codes = { 'service-unavailable': 503 };
}

/** A registration changed by another request at the same moment (409): ask again. */
export class ConcurrentChange extends DomainError {
  static override readonly codes = { 'concurrent-change': 409 };
}

/** An Idempotency-Key that is not one (400), reused for another request (422), or in use (409). */
export class IdempotencyRefused extends DomainError {
  static override readonly codes = {
    'idempotency-key-invalid': 400,
    'idempotency-key-in-flight': 409,
    'idempotency-key-reused': 422,
  };
}

/**
 * Answers outside every route of the document: a path no route serves (404), a fault of ours
 * (500), what the HTTP server refuses before a request exists (400, 431), and the framework's own
 * answers under their status.
 */
export class UnroutedAnswer extends DomainError {
  static override readonly codes = {
    'bad-request': 400,
    unauthorized: 401,
    forbidden: 403,
    'not-found': 404,
    'method-not-allowed': 405,
    'not-acceptable': 406,
    'request-timeout': 408,
    gone: 410,
    'headers-too-large': 431,
    'malformed-request': 400,
    'internal-error': 500,
  };
}

/** The code of an answer whose thrower gave none, by its status. */
export function fallbackCode(status: number): string {
  // The body parser's own refusals, whichever way they reach the filter.
  const body = Object.entries(BodyRefused.codes).find(
    ([, each]) => each === status && each !== 400,
  );
  if (body) return body[0];
  const found = Object.entries(UnroutedAnswer.codes).find(([, each]) => each === status);
  return found ? found[0] : status >= 500 ? 'internal-error' : 'bad-request';
}
