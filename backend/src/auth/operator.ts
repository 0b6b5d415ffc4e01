import { OWNER_ID, type OperatorRole } from './permissions';

/**
 * An operator as the log tells it: a stream per operator (`operator-<id>`), folded with
 * evolve(). Name and email are personal data: sealed with the operator's own key when stored,
 * absent once that key is shredded (the erasure). Secrets (the passphrase's hash, the TOTP
 * secret, recovery codes, passkeys' public keys) are never in an event.
 */
export const OPERATOR_STREAM_PREFIX = 'operator-';
export const OPERATOR_STREAMS = { stream: 'operators', prefix: OPERATOR_STREAM_PREFIX } as const;

export function operatorStreamId(operatorId: string): string {
  return `${OPERATOR_STREAM_PREFIX}${operatorId}`;
}

export const OPERATOR_STATES = ['invited', 'active', 'suspended', 'erased'] as const;
export type OperatorStatus = (typeof OPERATOR_STATES)[number];

/** How long an invitation's link lives. */
export const INVITATION_HOURS = 48;

/** 'passphrase': alone, only while the operator has no second factor (joined, or reset). */
export type SignInMethod = 'passkey' | 'totp' | 'recovery-code' | 'join' | 'passphrase';

/** How an operator proved who they are again, for a change of what signs them in. */
export type StepUpMethod = 'passphrase' | 'totp';

/** The personal fields of an operator's events, as the domain knows them (decoded). */
export const OPERATOR_PERSONAL_FIELDS = ['name', 'email'] as const;

export type OperatorEvent =
  | {
      type: 'OperatorInvited';
      data: {
        operatorId: string;
        number: number;
        role: OperatorRole;
        invitationId: string;
        expiresAt: string;
        name?: string;
        email?: string;
      };
    }
  | { type: 'OperatorJoined'; data: { operatorId: string; name?: string } }
  | {
      type: 'OperatorRoleChanged';
      data: { operatorId: string; role: OperatorRole; from: OperatorRole };
    }
  | { type: 'OperatorSuspended'; data: { operatorId: string } }
  | { type: 'OperatorReinstated'; data: { operatorId: string } }
  | { type: 'OperatorPasskeyAdded'; data: { operatorId: string; passkeyId: string; name: string } }
  | {
      type: 'OperatorPasskeyRenamed';
      data: { operatorId: string; passkeyId: string; name: string };
    }
  | {
      type: 'OperatorPasskeyRemoved';
      data: { operatorId: string; passkeyId: string; name: string };
    }
  | { type: 'OperatorTotpConfirmed'; data: { operatorId: string } }
  | { type: 'OperatorRecoveryCodesRenewed'; data: { operatorId: string } }
  /** The owner took every second factor away: the operator sets one up again first. */
  | { type: 'OperatorSecondFactorReset'; data: { operatorId: string } }
  | {
      type: 'OperatorSteppedUp';
      data: { operatorId: string; sessionId: string; method: StepUpMethod };
    }
  | {
      type: 'OperatorSignedIn';
      data: { operatorId: string; sessionId: string; method: SignInMethod };
    }
  /** A wrong passphrase or code given for this operator's email (by whoever tried). */
  | { type: 'OperatorSignInFailed'; data: { operatorId: string; network: string } }
  /** The failure that closed the account (or the network) for the rest of the window. */
  | { type: 'OperatorLockedOut'; data: { operatorId: string; network: string; minutes: number } }
  | {
      type: 'OperatorSignedOut';
      data: { operatorId: string; sessionId: string; reason: 'signed-out' | 'revoked' };
    }
  | { type: 'OperatorErased'; data: { operatorId: string } };

export const OPERATOR_EVENT_TYPES: readonly OperatorEvent['type'][] = [
  'OperatorInvited',
  'OperatorJoined',
  'OperatorRoleChanged',
  'OperatorSuspended',
  'OperatorReinstated',
  'OperatorPasskeyAdded',
  'OperatorPasskeyRenamed',
  'OperatorPasskeyRemoved',
  'OperatorTotpConfirmed',
  'OperatorRecoveryCodesRenewed',
  'OperatorSecondFactorReset',
  'OperatorSteppedUp',
  'OperatorSignedIn',
  'OperatorSignInFailed',
  'OperatorLockedOut',
  'OperatorSignedOut',
  'OperatorErased',
];

/**
 * The owner's sign-ins, failures and lock-outs (the password login), recorded in a stream of
 * their own (`owner`) as an operator's are in theirs.
 */
export const OWNER_ACCESS_EVENT_TYPES = [
  'OwnerSignedIn',
  'OwnerSignInFailed',
  'OwnerLockedOut',
] as const;
export type OwnerAccessEventType = (typeof OWNER_ACCESS_EVENT_TYPES)[number];

export interface OperatorState {
  id: string;
  number: number;
  role: OperatorRole;
  state: OperatorStatus;
  /** Null once erased. */
  name: string | null;
  email: string | null;
  /** The invitation still to be used, while invited. */
  invitationId: string | null;
  invitationExpiresAt: string | null;
  invitedAt: string;
  joinedAt: string | null;
  passkeys: number;
  totp: boolean;
}

/** One fact applied to an operator as it stood (undefined before the invitation). */
export function evolve(
  state: OperatorState | undefined,
  event: OperatorEvent,
  recordedAt: Date,
): OperatorState {
  if (event.type === 'OperatorInvited') {
    return {
      id: event.data.operatorId,
      number: event.data.number,
      role: event.data.role,
      state: 'invited',
      name: event.data.name ?? null,
      email: event.data.email ?? null,
      invitationId: event.data.invitationId,
      invitationExpiresAt: event.data.expiresAt,
      invitedAt: recordedAt.toISOString(),
      joinedAt: null,
      passkeys: 0,
      totp: false,
    };
  }
  if (!state) throw new Error(`${event.type} before the operator was invited`);
  switch (event.type) {
    case 'OperatorJoined':
      return {
        ...state,
        state: 'active',
        name: event.data.name ?? null,
        invitationId: null,
        invitationExpiresAt: null,
        joinedAt: recordedAt.toISOString(),
      };
    case 'OperatorRoleChanged':
      return { ...state, role: event.data.role };
    case 'OperatorSuspended':
      return { ...state, state: 'suspended' };
    case 'OperatorReinstated':
      return { ...state, state: state.joinedAt ? 'active' : 'invited' };
    case 'OperatorPasskeyAdded':
      return { ...state, passkeys: state.passkeys + 1 };
    case 'OperatorPasskeyRemoved':
      return { ...state, passkeys: Math.max(0, state.passkeys - 1) };
    case 'OperatorTotpConfirmed':
      return { ...state, totp: true };
    case 'OperatorSecondFactorReset':
      return { ...state, passkeys: 0, totp: false };
    case 'OperatorPasskeyRenamed':
    case 'OperatorRecoveryCodesRenewed':
    case 'OperatorSteppedUp':
    case 'OperatorSignedIn':
    case 'OperatorSignInFailed':
    case 'OperatorLockedOut':
    case 'OperatorSignedOut':
      return state;
    case 'OperatorErased':
      return {
        ...state,
        state: 'erased',
        name: null,
        email: null,
        invitationId: null,
        invitationExpiresAt: null,
      };
  }
}

/** What the trail calls an operator: the name, or `former operator #N` once erased. */
export function operatorDisplayName(operator: { number: number; name: string | null }): string {
  return operator.name ?? `former operator #${operator.number}`;
}

/** What the trail calls the password login. */
export const OWNER_ACTOR_NAME = 'owner';

/** Whether the id names the owner (the password login) rather than an invited operator. */
export function isOwner(operatorId: string): boolean {
  return operatorId === OWNER_ID;
}

/** An email as the uniqueness of operators compares it. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether an invited operator's link is still good at `now`. */
export function invitationLive(operator: OperatorState, invitationId: string, now: Date): boolean {
  return (
    operator.state === 'invited' &&
    operator.invitationId === invitationId &&
    operator.invitationExpiresAt !== null &&
    now.getTime() < new Date(operator.invitationExpiresAt).getTime()
  );
}

/** Whether an operator has a second factor (a passkey or a confirmed TOTP). */
export function hasSecondFactor(operator: { passkeys: number; totp: boolean }): boolean {
  return operator.passkeys > 0 || operator.totp;
}
