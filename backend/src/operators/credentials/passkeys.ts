import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { SqlExecutor } from '../../event-store/sql-executor';

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: the relying party is the site's public
 * address (PUBLIC_URL: its host is the rpID, its origin the only origin accepted). A ceremony's
 * challenge is kept server-side in webauthn_challenges for five minutes and used once.
 */
/**
 * Whether a browser's answer to a ceremony has a credential's shape: an id of bounded length, the
 * raw id, type `public-key`, and the named base64url fields of its response (the library checks
 * the rest).
 */
function hasCredentialShape(value: unknown, responseFields: readonly string[]): boolean {
  const answer = value as
    { id?: unknown; rawId?: unknown; type?: unknown; response?: unknown } | undefined;
  if (
    typeof answer?.id !== 'string' ||
    answer.id.length === 0 ||
    answer.id.length > 1024 ||
    typeof answer.rawId !== 'string' ||
    answer.type !== 'public-key' ||
    typeof answer.response !== 'object' ||
    answer.response === null
  ) {
    return false;
  }
  const response = answer.response as Record<string, unknown>;
  return responseFields.every((field) => typeof response[field] === 'string');
}

/** Whether a value has the shape of a RegistrationResponseJSON (adding a passkey). */
export function isRegistrationResponse(value: unknown): value is RegistrationResponseJSON {
  return hasCredentialShape(value, ['clientDataJSON', 'attestationObject']);
}

/** Whether a value has the shape of an AuthenticationResponseJSON (signing in by a passkey). */
export function isAuthenticationResponse(value: unknown): value is AuthenticationResponseJSON {
  return hasCredentialShape(value, ['clientDataJSON', 'authenticatorData', 'signature']);
}

export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: 'Dream Darkroom', origin: url.origin };
}

export const CHALLENGE_MINUTES = 5;
const TIMEOUT_MS = CHALLENGE_MINUTES * 60_000;

export type CeremonyPurpose = 'registration' | 'authentication';

export async function storeChallenge(
  sql: SqlExecutor,
  purpose: CeremonyPurpose,
  challenge: string,
  operatorId: string | null,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await sql.query('DELETE FROM webauthn_challenges WHERE expires_at <= $1', [now]);
  await sql.query(
    `INSERT INTO webauthn_challenges (id, challenge, purpose, operator_id, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [id, challenge, purpose, operatorId, new Date(now.getTime() + TIMEOUT_MS)],
  );
  return id;
}

/** Takes a live challenge (it is used up whatever the ceremony's outcome). */
export async function takeChallenge(
  sql: SqlExecutor,
  id: string,
  purpose: CeremonyPurpose,
  now: Date,
): Promise<{ challenge: string; operatorId: string | null } | undefined> {
  const rows: { challenge: string; operator_id: string | null; expires_at: Date }[] =
    await sql.query(
      `WITH taken AS (
         DELETE FROM webauthn_challenges WHERE id = $1 AND purpose = $2
         RETURNING challenge, operator_id, expires_at)
       SELECT * FROM taken`,
      [id, purpose],
    );
  const row = rows[0];
  if (!row || row.expires_at.getTime() <= now.getTime()) return undefined;
  return { challenge: row.challenge, operatorId: row.operator_id };
}

export interface StoredPasskey {
  id: string;
  operatorId: string;
  name: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface PasskeyRow {
  id: string;
  operator_id: string;
  name: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  created_at: Date;
  last_used_at: Date | null;
}

function toPasskey(row: PasskeyRow): StoredPasskey {
  return {
    id: row.id,
    operatorId: row.operator_id,
    name: row.name,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

export async function listPasskeys(sql: SqlExecutor, operatorId: string): Promise<StoredPasskey[]> {
  const rows: PasskeyRow[] = await sql.query(
    'SELECT * FROM operator_passkeys WHERE operator_id = $1 ORDER BY created_at, id',
    [operatorId],
  );
  return rows.map(toPasskey);
}

export async function findPasskey(
  sql: SqlExecutor,
  id: string,
): Promise<StoredPasskey | undefined> {
  const rows: PasskeyRow[] = await sql.query('SELECT * FROM operator_passkeys WHERE id = $1', [id]);
  return rows[0] && toPasskey(rows[0]);
}

export async function storePasskey(sql: SqlExecutor, passkey: StoredPasskey): Promise<void> {
  await sql.query(
    `INSERT INTO operator_passkeys (id, operator_id, name, public_key, counter, transports,
                                    created_at, last_used_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      passkey.id,
      passkey.operatorId,
      passkey.name,
      passkey.publicKey,
      passkey.counter,
      passkey.transports,
      passkey.createdAt,
      passkey.lastUsedAt,
    ],
  );
}

/**
 * Records a sign-in's signature counter, only over the counter it was checked against: of two
 * sign-ins with one assertion (a replay, or a cloned key) racing, one wins.
 */
export async function recordPasskeyUse(
  sql: SqlExecutor,
  passkey: StoredPasskey,
  newCounter: number,
  now: Date,
): Promise<boolean> {
  const rows: { id: string }[] = await sql.query(
    `WITH used AS (
       UPDATE operator_passkeys SET counter = $3, last_used_at = $4
        WHERE id = $1 AND counter = $2 RETURNING id)
     SELECT id FROM used`,
    [passkey.id, passkey.counter, newCounter, now],
  );
  return rows.length === 1;
}

export function registrationOptions(
  rp: RelyingParty,
  operator: { id: string; email: string; name: string },
  existing: StoredPasskey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: operator.email,
    userDisplayName: operator.name,
    userID: new Uint8Array(Buffer.from(operator.id, 'utf8')),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.id,
      transports: passkey.transports,
    })),
    // Discoverable, so that signing in needs no email.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/**
 * What an answer must show in either ceremony: the challenge the server kept, the site's origin
 * and relying party, and that the person was verified on the authenticator.
 */
function expectedOf(rp: RelyingParty, challenge: string) {
  return {
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  };
}

/** The new passkey, if the authenticator's answer holds for the challenge; else undefined. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
): Promise<Pick<StoredPasskey, 'id' | 'publicKey' | 'counter' | 'transports'> | undefined> {
  try {
    const verified = await verifyRegistrationResponse({
      response,
      ...expectedOf(rp, challenge),
    });
    if (!verified.verified) return undefined;
    const { credential } = verified.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
    };
  } catch {
    return undefined;
  }
}

export function authenticationOptions(
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: 'required',
  });
}

/**
 * The passkey's new signature counter, if the assertion holds for the challenge and the stored
 * key; undefined otherwise, a counter that did not move forward included (a replayed or cloned
 * authenticator).
 */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: StoredPasskey,
): Promise<number | undefined> {
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      ...expectedOf(rp, challenge),
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    });
    return verified.verified ? verified.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}

/** Removes one of an operator's passkeys; answers it, or undefined if the operator has no such passkey. */
export async function removePasskey(
  sql: SqlExecutor,
  operatorId: string,
  passkeyId: string,
): Promise<StoredPasskey | undefined> {
  const rows: PasskeyRow[] = await sql.query(
    `WITH removed AS (
       DELETE FROM operator_passkeys WHERE id = $1 AND operator_id = $2 RETURNING *)
     SELECT * FROM removed`,
    [passkeyId, operatorId],
  );
  return rows[0] && toPasskey(rows[0]);
}

/** Names one of an operator's passkeys; whether the operator has it. */
export async function renamePasskey(
  sql: SqlExecutor,
  operatorId: string,
  passkeyId: string,
  name: string,
): Promise<boolean> {
  const rows: { id: string }[] = await sql.query(
    `WITH named AS (
       UPDATE operator_passkeys SET name = $3 WHERE id = $1 AND operator_id = $2 RETURNING id)
     SELECT id FROM named`,
    [passkeyId, operatorId, name],
  );
  return rows.length === 1;
}

/** Every operator's passkeys, by operator (the owner's list of operators). */
export async function passkeysByOperator(sql: SqlExecutor): Promise<Map<string, StoredPasskey[]>> {
  const rows: PasskeyRow[] = await sql.query(
    'SELECT * FROM operator_passkeys ORDER BY created_at, id',
  );
  const byOperator = new Map<string, StoredPasskey[]>();
  for (const row of rows) {
    const passkey = toPasskey(row);
    byOperator.set(passkey.operatorId, [...(byOperator.get(passkey.operatorId) ?? []), passkey]);
  }
  return byOperator;
}

/** An erased operator's passkeys and ceremonies. */
export async function forgetPasskeys(sql: SqlExecutor, operatorId: string): Promise<void> {
  await sql.query('DELETE FROM operator_passkeys WHERE operator_id = $1', [operatorId]);
  await sql.query('DELETE FROM webauthn_challenges WHERE operator_id = $1', [operatorId]);
}
