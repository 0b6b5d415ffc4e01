/**
 * What a module's domain refuses, as a type: the API's exception filter maps each kind to its HTTP
 * answer, with the field it concerns when there is one.
 */
export abstract class DomainError extends Error {
  abstract readonly kind:
    | 'not-found'
    | 'conflict'
    | 'invalid'
    | 'unprocessable'
    | 'unavailable'
    | 'too-many'
    | 'provider-failed';
  /** When asking again may succeed (the Retry-After header), where the domain knows it. */
  readonly retryAfterSeconds?: number;
  /**
   * Fields the answer carries beside the error shape's own (statusCode, message, errors), for a
   * client that acts on why (e.g. the door's `reason`); declared in the operation's OpenAPI.
   */
  readonly details?: Record<string, unknown>;

  constructor(
    message: string,
    readonly field?: string,
    { retryAfterSeconds }: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
