import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { SqlExecutor } from '../../event-store/sql-executor';

/**
 * An operator's secrets, never in an event: the passphrase's hash, the TOTP secret (pending
 * until a first code confirms it), the last TOTP time step used (a code is good once), and the
 * recovery codes' hashes. Deleted whole when the operator is erased.
 */

/** A TOTP code as an authenticator app shows it. */
export const TOTP_CODE = /^\d{6}$/;
/** A recovery code as it was shown: ten characters in two groups of five. */
export const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
export const RECOVERY_CODE_COUNT = 10;
/** The TOTP step (30 s) and the steps either side accepted, for a phone's clock that drifts. */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_TOLERANCE_STEPS = 1;
const ISSUER = 'Dream Darkroom';

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads (as a QR code, or typed). */
export function totpUri(secret: string, label: string): string {
  return generateURI({ issuer: ISSUER, label, secret });
}

/**
 * The time step a code matches at `now` (±1 step), or undefined. A step at or before
 * `afterStep` (the last one used) is refused: a code seen over a shoulder cannot be replayed.
 */
export async function totpStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | undefined> {
  if (!TOTP_CODE.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS * TOTP_TOLERANCE_STEPS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // The TOTP strategy's answer names the step it matched at.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function recoveryCode(): string {
  const characters = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  );
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
}

/**
 * A recovery code's hash. The codes are random (about 49 bits each), so a plain SHA-256 keeps
 * them as safe as a slow hash would a chosen passphrase.
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase(), 'utf8').digest('hex');
}

export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(recoveryCode());
  return [...codes];
}

export interface OperatorCredentials {
  passphraseHash: string;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpLastStep: number | null;
}

export async function findCredentials(
  sql: SqlExecutor,
  operatorId: string,
): Promise<OperatorCredentials | undefined> {
  const rows: {
    passphrase_hash: string;
    totp_secret: string | null;
    totp_pending_secret: string | null;
    totp_last_step: string | null;
  }[] = await sql.query(
    `SELECT passphrase_hash, totp_secret, totp_pending_secret, totp_last_step
       FROM operator_credentials WHERE operator_id = $1`,
    [operatorId],
  );
  const row = rows[0];
  return (
    row && {
      passphraseHash: row.passphrase_hash,
      totpSecret: row.totp_secret,
      totpPendingSecret: row.totp_pending_secret,
      totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    }
  );
}

export async function storePassphrase(
  sql: SqlExecutor,
  operatorId: string,
  passphraseHash: string,
): Promise<void> {
  await sql.query(
    `INSERT INTO operator_credentials (operator_id, passphrase_hash) VALUES ($1, $2)
     ON CONFLICT (operator_id) DO UPDATE SET passphrase_hash = EXCLUDED.passphrase_hash`,
    [operatorId, passphraseHash],
  );
}

export async function storePendingTotp(
  sql: SqlExecutor,
  operatorId: string,
  secret: string,
): Promise<void> {
  await sql.query(
    'UPDATE operator_credentials SET totp_pending_secret = $2 WHERE operator_id = $1',
    [operatorId, secret],
  );
}

/** The pending secret becomes the operator's TOTP, and the recovery codes are replaced. */
export async function confirmTotp(
  sql: SqlExecutor,
  operatorId: string,
  step: number,
  recoveryCodes: string[],
): Promise<void> {
  await sql.query(
    `UPDATE operator_credentials
        SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = $2
      WHERE operator_id = $1`,
    [operatorId, step],
  );
  await replaceRecoveryCodes(sql, operatorId, recoveryCodes);
}

/** New recovery codes in place of the operator's earlier ones (used or not). */
export async function replaceRecoveryCodes(
  sql: SqlExecutor,
  operatorId: string,
  recoveryCodes: string[],
): Promise<void> {
  await sql.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [operatorId]);
  await sql.query(
    `INSERT INTO operator_recovery_codes (operator_id, code_hash)
     SELECT $1, unnest($2::text[])`,
    [operatorId, recoveryCodes.map(hashRecoveryCode)],
  );
}

/** The owner's reset: no TOTP (confirmed or pending) and no recovery code is left; the passphrase stays. */
export async function resetTotpAndRecoveryCodes(
  sql: SqlExecutor,
  operatorId: string,
): Promise<void> {
  await sql.query(
    `UPDATE operator_credentials
        SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL
      WHERE operator_id = $1`,
    [operatorId],
  );
  await sql.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [operatorId]);
}

/** The language the operator's emails are written in. */
export async function storeOperatorLocale(
  sql: SqlExecutor,
  operatorId: string,
  locale: string,
): Promise<void> {
  await sql.query('UPDATE operator_credentials SET locale = $2 WHERE operator_id = $1', [
    operatorId,
    locale,
  ]);
}

export async function findOperatorLocale(
  sql: SqlExecutor,
  operatorId: string,
): Promise<string | undefined> {
  const rows: { locale: string }[] = await sql.query(
    'SELECT locale FROM operator_credentials WHERE operator_id = $1',
    [operatorId],
  );
  return rows[0]?.locale;
}

/** A TOTP step was used to sign in: no code of it or before it is good again. */
export async function recordTotpStep(
  sql: SqlExecutor,
  operatorId: string,
  step: number,
): Promise<void> {
  await sql.query(
    'UPDATE operator_credentials SET totp_last_step = greatest(totp_last_step, $2) WHERE operator_id = $1',
    [operatorId, step],
  );
}

/**
 * Uses a code of the authenticator app: true if it matches at `now` and its step is later than
 * the last one used; that step is used now.
 */
export async function useTotpCode(
  sql: SqlExecutor,
  operatorId: string,
  credentials: OperatorCredentials,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!credentials.totpSecret) return false;
  const step = await totpStep(credentials.totpSecret, code, now, credentials.totpLastStep);
  if (step === undefined) return false;
  await recordTotpStep(sql, operatorId, step);
  return true;
}

/** Uses a recovery code: true if it was one of the operator's and unused; it is used now. */
export async function useRecoveryCode(
  sql: SqlExecutor,
  operatorId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!RECOVERY_CODE.test(code.trim().toLowerCase())) return false;
  const rows: { code_hash: string }[] = await sql.query(
    `WITH used AS (
       UPDATE operator_recovery_codes SET used_at = $3
        WHERE operator_id = $1 AND code_hash = $2 AND used_at IS NULL
        RETURNING code_hash)
     SELECT code_hash FROM used`,
    [operatorId, hashRecoveryCode(code), now],
  );
  return rows.length > 0;
}

/** Each operator's unused recovery codes, by operator (the owner's list of operators). */
export async function recoveryCodesLeftByOperator(sql: SqlExecutor): Promise<Map<string, number>> {
  const rows: { operator_id: string; left: number }[] = await sql.query(
    `SELECT operator_id, count(*)::int AS left FROM operator_recovery_codes
      WHERE used_at IS NULL GROUP BY operator_id`,
  );
  return new Map(rows.map((row) => [row.operator_id, row.left]));
}

export async function recoveryCodesLeft(sql: SqlExecutor, operatorId: string): Promise<number> {
  const [row]: { left: number }[] = await sql.query(
    `SELECT count(*)::int AS left FROM operator_recovery_codes
      WHERE operator_id = $1 AND used_at IS NULL`,
    [operatorId],
  );
  return row.left;
}

/** An erased operator's passphrase, TOTP and recovery codes: nothing is left to sign in with. */
export async function forgetSecondFactors(sql: SqlExecutor, operatorId: string): Promise<void> {
  await sql.query('DELETE FROM operator_credentials WHERE operator_id = $1', [operatorId]);
  await sql.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [operatorId]);
}
