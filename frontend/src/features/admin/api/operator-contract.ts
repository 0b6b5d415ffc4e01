import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { HttpError } from '../../../lib/http-error';

/** The operators' API as agreed with the server, until the OpenAPI document describes it. */
export type Role = 'owner' | 'box-office' | 'door';
export type InvitedRole = Exclude<Role, 'owner'>;
export type Permission =
  'registrations' | 'refunds' | 'exports' | 'tour' | 'sheet' | 'door' | 'operators';

export interface SessionOperator {
  id: string;
  name: string;
  role: Role;
}

export interface AdminSessionAnswer {
  authenticated: boolean;
  expiresAt?: string;
  operator?: SessionOperator;
  permissions?: Permission[];
  secondFactorRequired?: boolean;
}

export interface PasskeyOptions<O> {
  challengeId: string;
  options: O;
}
export type PasskeyRequestOptions = PasskeyOptions<PublicKeyCredentialRequestOptionsJSON>;
export type PasskeyCreationOptions = PasskeyOptions<PublicKeyCredentialCreationOptionsJSON>;

export interface AccountPasskey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface Account {
  id: string;
  number: number;
  name: string;
  email: string | null;
  role: Role;
  passkeys: AccountPasskey[];
  totp: boolean;
  recoveryCodesLeft: number;
}

export interface TotpSetup {
  secret: string;
  otpauthUri: string;
}

export interface Invitation {
  email: string;
  name: string;
  role: InvitedRole;
  expiresAt: string;
}

export interface OperatorSession {
  id: string;
  device: string;
  address: string;
  openedAt: string;
  lastUsedAt: string;
  current: boolean;
}

export interface Operator {
  id: string;
  number: number;
  name: string;
  email: string | null;
  role: Role;
  state: 'invited' | 'active' | 'suspended' | 'erased';
  invitedAt: string | null;
  joinedAt: string | null;
  passkeys: number;
  totp: boolean;
  sessions: OperatorSession[];
}

interface Routes {
  'GET /api/admin/account': { body: undefined; answer: Account };
  'POST /api/admin/login/operator': {
    body: { email: string; passphrase: string; code: string };
    answer: AdminSessionAnswer;
  };
  'POST /api/admin/login/passkey/options': {
    body: Record<string, never>;
    answer: PasskeyRequestOptions;
  };
  'POST /api/admin/login/passkey': {
    body: { challengeId: string; response: AuthenticationResponseJSON };
    answer: AdminSessionAnswer;
  };
  'POST /api/admin/account/passkeys/options': {
    body: Record<string, never>;
    answer: PasskeyCreationOptions;
  };
  'POST /api/admin/account/passkeys': {
    body: { challengeId: string; response: RegistrationResponseJSON; name?: string };
    answer: { id: string; name: string; createdAt: string };
  };
  'POST /api/admin/account/totp': { body: Record<string, never>; answer: TotpSetup };
  'POST /api/admin/account/totp/confirmation': {
    body: { code: string };
    answer: { recoveryCodes: string[] };
  };
  'GET /api/operators/invitations/{token}': { body: undefined; answer: Invitation };
  'POST /api/operators/join': {
    body: { token: string; name: string; passphrase: string };
    answer: AdminSessionAnswer;
  };
  'GET /api/admin/operators': { body: undefined; answer: { operators: Operator[] } };
  'POST /api/admin/operators': {
    body: { email: string; name: string; role: InvitedRole };
    answer: Operator;
  };
  'PATCH /api/admin/operators/{operatorId}': {
    body: { role?: InvitedRole; suspended?: boolean };
    answer: Operator;
  };
  'DELETE /api/admin/operators/{operatorId}/sessions/{sessionId}': {
    body: undefined;
    answer: undefined;
  };
  'POST /api/admin/operators/{operatorId}/erasure': {
    body: Record<string, never>;
    answer: undefined;
  };
}

/** A call of the operators' API, typed by hand from the agreed contract. */
export async function operatorCall<R extends keyof Routes>(
  route: R,
  { params = {}, body }: { params?: Record<string, string>; body?: Routes[R]['body'] } = {},
): Promise<Routes[R]['answer']> {
  const [method, template] = route.split(' ') as [string, string];
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw new HttpError(response, parsed);
  return parsed as Routes[R]['answer'];
}
