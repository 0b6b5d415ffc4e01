import type { FieldError } from './validation';

/**
 * An error's machine code: lower kebab-case, stable (a contract: once chosen it never changes),
 * in the `code` field of every error answer beside its message, for a client that chooses its
 * own words by it.
 */
export type ErrorCode = string;

/**
 * A class of errors as a route's OpenAPI decorator names it (ApiRefusals): each code it may
 * answer, with the HTTP status it is answered with. The error classes declare it (a static
 * `codes`), and the document's enums are derived from it.
 */
export interface DeclaredErrors {
  readonly name: string;
  readonly codes: Readonly<Record<ErrorCode, number>>;
}

/**
 * What a module's domain refuses, as a type: each class declares its codes and their HTTP
 * statuses (`static codes`), an error carries one of them, and the API's exception filter answers
 * it with that status, its code and message, and the field it concerns when there is one.
 */
export abstract class DomainError extends Error {
  static readonly codes: Readonly<Record<ErrorCode, number>> = {};
  /** When asking again may succeed (the Retry-After header), where the domain knows it. */
  readonly retryAfterSeconds?: number;
  /**
   * Fields the answer carries beside the error shape's own (statusCode, code, message, errors),
   * for a client that acts on why (e.g. the door's `reason`); declared in the operation's OpenAPI.
   */
  readonly details?: Record<string, unknown>;
  /** Each field refused, when there are several (else `field` names the one). */
  readonly errors?: FieldError[];

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    { retryAfterSeconds }: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.retryAfterSeconds = retryAfterSeconds;
    if (!(code in (new.target as unknown as DeclaredErrors).codes)) {
      throw new Error(`${new.target.name} does not declare the code ${code}`);
    }
  }

  /** The HTTP status its class declares for its code. */
  get status(): number {
    return (this.constructor as unknown as DeclaredErrors).codes[this.code];
  }
}

/** Some of a class's codes, for a route that can answer only those (ApiRefusals). */
export function only<Errors extends DeclaredErrors>(
  errors: Errors,
  ...codes: readonly (keyof Errors['codes'] & string)[]
): DeclaredErrors {
  return {
    name: errors.name,
    codes: Object.fromEntries(codes.map((code) => [code, errors.codes[code]])),
  };
}
