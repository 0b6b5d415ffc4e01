import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import type { SqlExecutor } from '../event-store/sql-executor';
import { AdminClock } from './admin-clock';
import { hasSecondFactor, operatorDisplayName, type OperatorStatus } from './operator';
import { OWNER_ID, OWNER_NAME, type Role } from './permissions';

/** Who a live session is: the owner (the password) or an invited operator. */
export interface SessionOperator {
  /** OWNER_ID for the password login. */
  id: string;
  name: string;
  role: Role;
  /** An operator who joined and has no passkey and no TOTP yet. */
  secondFactorRequired: boolean;
}

export interface AdminSession {
  id: string;
  expiresAt: Date;
  /** When the session last proved who holds it: its sign-in, or a step-up since. */
  provedAt: Date | null;
  /** The admin clock's time when the session was opened or found. */
  now: Date;
  operator: SessionOperator;
}

export interface OpenedAdminSession extends AdminSession {
  /** The secret the cookie carries; only its hash is stored. */
  token: string;
}

/** Where a session is opened from, as the owner's list of sessions shows it. */
export interface SessionOrigin {
  /** From the User-Agent, shortened: "Chrome on Android". */
  device: string;
  /** The client's identity (security/client-identity.ts). */
  address: string;
}

/** A live session as the owner's list of operators shows it. */
export interface ListedSession {
  id: string;
  operatorId: string;
  device: string;
  address: string;
  openedAt: Date;
  lastUsedAt: Date;
}

/**
 * How long a proof of who holds a session (its sign-in, or a step-up with the passphrase or a
 * code) lets it change what signs its operator in: add or remove a passkey, set up or replace
 * the authenticator app, take new recovery codes. A stolen cookie alone cannot.
 */
export const STEP_UP_MINUTES = 5;

/** Until when the session may change what signs its operator in; null if it must step up. */
export function provedUntil(session: AdminSession): Date | null {
  if (!session.provedAt) return null;
  const until = new Date(session.provedAt.getTime() + STEP_UP_MINUTES * 60_000);
  return until.getTime() > session.now.getTime() ? until : null;
}

/** How stale `last_used_at` may get: it is written at most once a minute per session. */
const LAST_USE_RESOLUTION = '1 minute';

export const OWNER: SessionOperator = {
  id: OWNER_ID,
  name: OWNER_NAME,
  role: 'owner',
  secondFactorRequired: false,
};

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

interface FoundRow {
  id: string;
  expires_at: Date;
  proved_at: Date | null;
  now: Date;
  operator_id: string | null;
  name: string | null;
  number: number | null;
  role: Role | null;
  state: OperatorStatus | null;
  passkeys: number | null;
  totp: boolean | null;
}

/**
 * Operator sessions, kept in PostgreSQL so every app process knows them: a session ended here
 * (signed out, revoked by the owner, its operator suspended) is refused by every process on its
 * next request, since each request looks its session up.
 */
@Injectable()
export class AdminSessions {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: AdminClock,
  ) {}

  /**
   * A new session for the owner (`operator` OWNER) or an operator, in the caller's transaction
   * when given one (a join opens its session with the fact that the operator joined).
   */
  async open(
    operator: SessionOperator,
    origin: SessionOrigin,
    sql: SqlExecutor = this.dataSource,
  ): Promise<OpenedAdminSession> {
    const now = await this.clock.now(sql);
    const token = randomBytes(32).toString('base64url');
    const session = {
      id: randomUUID(),
      token,
      expiresAt: new Date(now.getTime() + this.config.adminSessionTtlMinutes * 60_000),
      provedAt: now,
      now,
      operator,
    };
    await sql.query(
      `INSERT INTO admin_sessions (id, token_hash, created_at, expires_at, operator_id, device,
                                   address, last_used_at, proved_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $3, $3)`,
      [
        session.id,
        hashToken(token),
        now,
        session.expiresAt,
        operator.id === OWNER_ID ? null : operator.id,
        origin.device.slice(0, 100),
        origin.address.slice(0, 100),
      ],
    );
    // Sessions that lapsed are of no further use; drop them while we are here.
    await sql.query('DELETE FROM admin_sessions WHERE expires_at <= $1', [now]);
    return session;
  }

  /**
   * The live session the token opens, or undefined if it is unknown, ended or expired, or its
   * operator is no longer active. One statement per guarded request: the clock is read where
   * the expiry is compared, the operator joined in, and the last use written when it is more
   * than a minute old.
   */
  async find(token: string | undefined): Promise<AdminSession | undefined> {
    if (!token || token.length > 200) return undefined;
    const rows: FoundRow[] = await this.dataSource.query(
      `WITH found AS (
         SELECT s.id, s.expires_at, s.last_used_at, s.operator_id, s.proved_at,
                clock_timestamp() + $2 * interval '1 millisecond' AS now,
                o.name, o.number, o.role, o.state, o.passkeys, o.totp
           FROM admin_sessions s LEFT JOIN operator_view o ON o.id = s.operator_id
          WHERE s.token_hash = $1
            AND s.expires_at > clock_timestamp() + $2 * interval '1 millisecond'),
       touched AS (
         UPDATE admin_sessions SET last_used_at = found.now
           FROM found
          WHERE admin_sessions.id = found.id
            AND found.last_used_at < found.now - interval '${LAST_USE_RESOLUTION}')
       SELECT id, expires_at, proved_at, now, operator_id, name, number, role, state, passkeys,
              totp
         FROM found`,
      [hashToken(token), this.clock.offsetMilliseconds],
    );
    const row = rows[0];
    if (!row) return undefined;
    const session = {
      id: row.id,
      expiresAt: row.expires_at,
      provedAt: row.proved_at,
      now: row.now,
    };
    if (row.operator_id === null) return { ...session, operator: OWNER };
    if (row.state !== 'active' || row.role === null) return undefined;
    return {
      ...session,
      operator: {
        id: row.operator_id,
        name: operatorDisplayName({ name: row.name, number: row.number ?? 0 }),
        role: row.role,
        secondFactorRequired: !hasSecondFactor({
          passkeys: row.passkeys ?? 0,
          totp: row.totp ?? false,
        }),
      },
    };
  }

  /** The session proved who holds it again (a step-up), at `now`. */
  async prove(sql: SqlExecutor, sessionId: string, now: Date): Promise<void> {
    await sql.query('UPDATE admin_sessions SET proved_at = $2 WHERE id = $1', [sessionId, now]);
  }

  /** Ends the session the token opens (signing out). Answers the ended session, if any. */
  async end(token: string | undefined): Promise<{ id: string; operatorId: string } | undefined> {
    if (!token) return undefined;
    const rows: { id: string; operator_id: string | null }[] = await this.dataSource.query(
      `WITH ended AS (DELETE FROM admin_sessions WHERE token_hash = $1 RETURNING id, operator_id)
       SELECT id, operator_id FROM ended`,
      [hashToken(token)],
    );
    const row = rows[0];
    return row && { id: row.id, operatorId: row.operator_id ?? OWNER_ID };
  }

  /** Ends one session of an operator (OWNER_ID: of the owner). Whether there was one. */
  async revoke(sql: SqlExecutor, operatorId: string, sessionId: string): Promise<boolean> {
    const rows: { id: string }[] = await sql.query(
      `WITH ended AS (
         DELETE FROM admin_sessions
          WHERE id = $1 AND operator_id IS NOT DISTINCT FROM $2 RETURNING id)
       SELECT id FROM ended`,
      [sessionId, operatorId === OWNER_ID ? null : operatorId],
    );
    return rows.length > 0;
  }

  /** Ends every session of an operator, in the caller's transaction (a suspension's). */
  async endAllOf(sql: SqlExecutor, operatorId: string): Promise<void> {
    await sql.query('DELETE FROM admin_sessions WHERE operator_id = $1', [operatorId]);
  }

  /** Every live session, the oldest first. */
  async listLive(): Promise<ListedSession[]> {
    const rows: {
      id: string;
      operator_id: string | null;
      device: string;
      address: string;
      created_at: Date;
      last_used_at: Date;
    }[] = await this.dataSource.query(
      `SELECT id, operator_id, device, address, created_at, last_used_at FROM admin_sessions
        WHERE expires_at > clock_timestamp() + $1 * interval '1 millisecond'
        ORDER BY created_at, id`,
      [this.clock.offsetMilliseconds],
    );
    return rows.map((row) => ({
      id: row.id,
      operatorId: row.operator_id ?? OWNER_ID,
      device: row.device,
      address: row.address,
      openedAt: row.created_at,
      lastUsedAt: row.last_used_at,
    }));
  }
}
