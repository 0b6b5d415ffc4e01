import { DomainError } from '../common/domain-error';

/** No live operator session (401): every operator route may answer it. */
export class NotSignedIn extends DomainError {
  static override readonly codes = { 'not-signed-in': 401 };
  constructor() {
    super('not-signed-in', 'Log in as the operator to do this.');
  }
}

/** A sign-in refused (401): nothing tells which part was wrong. */
export class SignInRefused extends DomainError {
  static override readonly codes = {
    'wrong-password': 401,
    'wrong-credentials': 401,
    'passkey-refused': 401,
  };
}

export function notLoggedIn(): NotSignedIn {
  return new NotSignedIn();
}

export function wrongPassword(): SignInRefused {
  return new SignInRefused('wrong-password', 'Invalid password. Please try again.');
}

/** Any failed operator sign-in, a suspended operator's included: nothing tells which part. */
export function wrongCredentials(): SignInRefused {
  return new SignInRefused('wrong-credentials', 'Wrong email, passphrase or code.');
}

export function passkeyRefused(): SignInRefused {
  return new SignInRefused('passkey-refused', 'This passkey was not accepted.');
}

/** A sign-in refused for now (429): ApiExceptionFilter says when to ask again (Retry-After). */
export class SignInThrottledError extends DomainError {
  static override readonly codes = { 'sign-in-throttled': 429, 'passkey-sign-ins-throttled': 429 };

  constructor(
    code: keyof typeof SignInThrottledError.codes,
    message: string,
    retryAfterSeconds: number,
  ) {
    super(code, message, undefined, { retryAfterSeconds });
  }
}

export function tooManyAttempts(retryAfterSeconds: number): SignInThrottledError {
  return new SignInThrottledError(
    'sign-in-throttled',
    'Too many failed login attempts; please try again later.',
    retryAfterSeconds,
  );
}

export function tooManyPasskeySignIns(retryAfterSeconds: number): SignInThrottledError {
  return new SignInThrottledError(
    'passkey-sign-ins-throttled',
    'Too many passkey sign-ins started from this address; please try again later.',
    retryAfterSeconds,
  );
}

export const ROLE_REFUSAL = 'Your role does not allow this.';
export const SECOND_FACTOR_FIRST = 'Add a passkey or an authenticator app first.';

export const STEP_UP_FIRST =
  'Confirm it is you first: your passphrase or a code of your app, within the last 5 minutes.';

/** An operator whose role, or whose missing second factor, does not allow the route (403). */
export class AccessRefused extends DomainError {
  static override readonly codes = { 'role-refused': 403, 'second-factor-first': 403 };
}

/** A change of what signs an operator in, asked without a fresh proof (403). */
export class StepUpRequired extends DomainError {
  static override readonly codes = { 'step-up-first': 403 };
  constructor() {
    super('step-up-first', STEP_UP_FIRST);
  }
}

/** A request with a body from another site, or not in JSON (403, 415): the operators' guard. */
export class RequestRefused extends DomainError {
  static override readonly codes = { 'cross-site-request': 403, 'not-json': 415 };
}

export function stepUpFirst(): StepUpRequired {
  return new StepUpRequired();
}

export function roleRefused(): AccessRefused {
  return new AccessRefused('role-refused', ROLE_REFUSAL);
}

export function secondFactorFirst(): AccessRefused {
  return new AccessRefused('second-factor-first', SECOND_FACTOR_FIRST);
}

export function crossSiteRequest(): RequestRefused {
  return new RequestRefused('cross-site-request', 'Cross-site requests are not accepted.');
}

export function notJson(): RequestRefused {
  return new RequestRefused(
    'not-json',
    'The request body must be JSON (Content-Type: application/json).',
  );
}

/** An invitation link that is not one (400), or was used or has expired (410). */
export class InvitationRefused extends DomainError {
  static override readonly codes = { 'invitation-invalid': 400, 'invitation-gone': 410 };
}

export function invitationInvalid(): InvitationRefused {
  return new InvitationRefused('invitation-invalid', 'This invitation link is not valid.', 'token');
}

export function invitationGone(): InvitationRefused {
  return new InvitationRefused('invitation-gone', 'This invitation has been used or has expired.');
}

/** An operator's field refused by what the server knows (400): a code, a passphrase. */
export class OperatorFieldRefused extends DomainError {
  static override readonly codes = {
    'passphrase-too-short': 400,
    'passphrase-too-common': 400,
    'passphrase-personal': 400,
    'passphrase-guessable': 400,
    'proof-missing': 400,
    'proof-wrong': 400,
    'passkey-not-registered': 400,
    'totp-code-wrong': 400,
  };
}

/** A refusal of one field, in the error shape (400). */
export function fieldRefused(
  code: keyof typeof OperatorFieldRefused.codes,
  field: string,
  message: string,
): OperatorFieldRefused {
  return new OperatorFieldRefused(code, message, field);
}

/** A change the operator's state refuses (409). */
export class OperatorConflict extends DomainError {
  static override readonly codes = {
    'email-taken': 409,
    'owner-fixed': 409,
    'operator-erased': 409,
    'operator-not-joined': 409,
    'suspend-first': 409,
    'last-factor': 409,
    'owner-has-no-factors': 409,
  };
}

export function operatorConflict(
  code: keyof typeof OperatorConflict.codes,
  message: string,
): OperatorConflict {
  return new OperatorConflict(code, message);
}

/** An operator, an operator's session or passkey that is not there (404). */
export class OperatorNotFound extends DomainError {
  static override readonly codes = {
    'operator-not-found': 404,
    'operator-session-not-found': 404,
    'passkey-not-found': 404,
  };
}

export function operatorNotFound(
  code: keyof typeof OperatorNotFound.codes = 'operator-not-found',
  message = 'No such operator.',
): OperatorNotFound {
  return new OperatorNotFound(code, message);
}

/** The owner signs in with the password: passkeys, apps and step-ups are for invited operators. */
export function ownerHasNoFactors(): OperatorConflict {
  return operatorConflict(
    'owner-has-no-factors',
    'The owner signs in with the password; passkeys and authenticator apps are for invited operators.',
  );
}
