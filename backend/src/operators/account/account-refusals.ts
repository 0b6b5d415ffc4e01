import { OperatorConflict, StepUpRequired, stepUpFirst } from '../../auth/admin-errors';
import { provedUntil, type AdminSession } from '../../auth/admin-sessions';
import { only } from '../../common/domain-error';

/** The owner's refusal on every route of second factors: the password is theirs. */
export const OWNER_HAS_NO_FACTORS = only(OperatorConflict, 'owner-has-no-factors');

/** A change of what signs the operator in: a session proved lately, never the owner's. */
export const PROVED_LATELY = [StepUpRequired, OWNER_HAS_NO_FACTORS];

/** Refuses (403) a change of what signs the operator in unless the session proved itself lately. */
export function requireFreshProof(session: AdminSession): void {
  if (!provedUntil(session)) throw stepUpFirst();
}

export const PASSKEY_NOT_REGISTERED = 'This passkey could not be registered.';
export const TOTP_CODE_WRONG = 'That code is not right. Try the newest one.';
export const NO_SUCH_PASSKEY = 'No such passkey on this account.';
export const LAST_FACTOR =
  'This is your last way to sign in besides the passphrase: add another passkey or an authenticator app first.';
