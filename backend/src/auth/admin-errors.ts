import { HttpException, HttpStatus } from '@nestjs/common';
import { DomainError } from '../common/domain-error';
import type { FieldError } from '../common/validation';

function apiError(statusCode: number, message: string, errors: FieldError[] = []): HttpException {
  return new HttpException({ statusCode, message, errors }, statusCode);
}

export function notLoggedIn(): HttpException {
  return apiError(HttpStatus.UNAUTHORIZED, 'Log in as the operator to do this.');
}

export function wrongPassword(): HttpException {
  return apiError(HttpStatus.UNAUTHORIZED, 'Invalid password. Please try again.');
}

/** Any failed operator sign-in, a suspended operator's included: nothing tells which part. */
export function wrongCredentials(): HttpException {
  return apiError(HttpStatus.UNAUTHORIZED, 'Wrong email, passphrase or code.');
}

export function passkeyRefused(): HttpException {
  return apiError(HttpStatus.UNAUTHORIZED, 'This passkey was not accepted.');
}

/** A sign-in refused for now (429): ApiExceptionFilter says when to ask again (Retry-After). */
export class SignInThrottledError extends DomainError {
  readonly kind = 'too-many';

  constructor(message: string, retryAfterSeconds: number) {
    super(message, undefined, { retryAfterSeconds });
  }
}

export function tooManyAttempts(retryAfterSeconds: number): SignInThrottledError {
  return new SignInThrottledError(
    'Too many failed login attempts; please try again later.',
    retryAfterSeconds,
  );
}

export function tooManyPasskeySignIns(retryAfterSeconds: number): SignInThrottledError {
  return new SignInThrottledError(
    'Too many passkey sign-ins started from this address; please try again later.',
    retryAfterSeconds,
  );
}

export const ROLE_REFUSAL = 'Your role does not allow this.';
export const SECOND_FACTOR_FIRST = 'Add a passkey or an authenticator app first.';

export const STEP_UP_FIRST =
  'Confirm it is you first: your passphrase or a code of your app, within the last 5 minutes.';

/** A change of what signs an operator in, asked without a fresh proof (403). */
export function stepUpFirst(): HttpException {
  return apiError(HttpStatus.FORBIDDEN, STEP_UP_FIRST);
}

export function roleRefused(): HttpException {
  return apiError(HttpStatus.FORBIDDEN, ROLE_REFUSAL);
}

export function secondFactorFirst(): HttpException {
  return apiError(HttpStatus.FORBIDDEN, SECOND_FACTOR_FIRST);
}

export function crossSiteRequest(): HttpException {
  return apiError(HttpStatus.FORBIDDEN, 'Cross-site requests are not accepted.');
}

export function notJson(): HttpException {
  return apiError(
    HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    'The request body must be JSON (Content-Type: application/json).',
  );
}

export function invitationInvalid(): HttpException {
  return apiError(HttpStatus.BAD_REQUEST, 'This invitation link is not valid.', [
    { field: 'token', message: 'This invitation link is not valid.' },
  ]);
}

export function invitationGone(): HttpException {
  return apiError(HttpStatus.GONE, 'This invitation has been used or has expired.');
}

/** A refusal of one field, in the error shape (400). */
export function fieldRefused(field: string, message: string): HttpException {
  return apiError(HttpStatus.BAD_REQUEST, message, [{ field, message }]);
}

export function operatorConflict(message: string): HttpException {
  return apiError(HttpStatus.CONFLICT, message);
}

export function operatorNotFound(message = 'No such operator.'): HttpException {
  return apiError(HttpStatus.NOT_FOUND, message);
}

/** The owner signs in with the password: passkeys, apps and step-ups are for invited operators. */
export function ownerHasNoFactors(): HttpException {
  return apiError(
    HttpStatus.CONFLICT,
    'The owner signs in with the password; passkeys and authenticator apps are for invited operators.',
  );
}
