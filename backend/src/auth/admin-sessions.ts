import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import { AdminClock } from './admin-clock';

export interface AdminSession {
  id: string;
  expiresAt: Date;
  /** The admin clock's time when the session was opened or found. */
  now: Date;
}

export interface OpenedAdminSession extends AdminSession {
  /** The secret the cookie carries; only its hash is stored. */
  token: string;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Operator sessions, kept in PostgreSQL so every app process knows them. */
@Injectable()
export class AdminSessions {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: AdminClock,
  ) {}

  async open(): Promise<OpenedAdminSession> {
    const now = await this.clock.now(this.dataSource);
    const token = randomBytes(32).toString('base64url');
    const session = {
      id: randomUUID(),
      token,
      expiresAt: new Date(now.getTime() + this.config.adminSessionTtlMinutes * 60_000),
      now,
    };
    await this.dataSource.query(
      `INSERT INTO admin_sessions (id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
      [session.id, hashToken(token), now, session.expiresAt],
    );
    // Sessions that lapsed are of no further use; drop them while we are here.
    await this.dataSource.query('DELETE FROM admin_sessions WHERE expires_at <= $1', [now]);
    return session;
  }

  /** The live session the token opens, or undefined if it is unknown, ended or expired. */
  async find(token: string | undefined): Promise<AdminSession | undefined> {
    if (!token || token.length > 200) return undefined;
    // One statement per guarded request: the clock is read where the expiry is compared.
    const rows: { id: string; expires_at: Date; now: Date }[] = await this.dataSource.query(
      `SELECT id, expires_at, clock_timestamp() + $2 * interval '1 millisecond' AS now
         FROM admin_sessions
        WHERE token_hash = $1 AND expires_at > clock_timestamp() + $2 * interval '1 millisecond'`,
      [hashToken(token), this.clock.offsetMilliseconds],
    );
    const row = rows[0];
    return row ? { id: row.id, expiresAt: row.expires_at, now: row.now } : undefined;
  }

  async end(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.dataSource.query('DELETE FROM admin_sessions WHERE token_hash = $1', [
      hashToken(token),
    ]);
  }
}
