import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { AdminClock } from '../auth/admin-clock';
import type { SqlExecutor } from '../event-store/sql-executor';

export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

export type LoginOutcome =
  | { outcome: 'accepted' }
  | { outcome: 'rejected' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/**
 * What a failed login counts against: the client address always, and for an operator's sign-in
 * the account too (its email, hashed: the counter keeps no address), so that neither many
 * accounts tried from one address nor one account tried from many addresses gets far.
 */
export function accountThrottleKey(email: string): string {
  return `account:${createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex')}`;
}

/**
 * Counts failed logins per client address and per account in PostgreSQL, so the limits hold
 * however many app processes answer. Each attempt runs under advisory locks on its keys: two
 * attempts on one key at the same instant are counted one after the other, never both under
 * the limit.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly clock: AdminClock,
  ) {}

  /**
   * One login attempt counted against `keys` (the client address, and the account's key for an
   * operator): throttled while any key has had MAX_LOGIN_FAILURES failures in the window;
   * otherwise `credentialsAreRight` decides, in the attempt's transaction (`manager`: a recovery
   * code it uses up is used only if the attempt commits).
   */
  attempt(
    keys: string[],
    credentialsAreRight: (manager: EntityManager) => boolean | Promise<boolean>,
  ): Promise<LoginOutcome> {
    const sorted = [...new Set(keys)].sort();
    return this.dataSource.transaction(async (manager) => {
      for (const key of sorted) {
        await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
          `admin-login:${key}`,
        ]);
      }
      const now = await this.clock.now(manager);
      const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
      const failures: { client_address: string; failed_at: Date }[] = await manager.query(
        `SELECT client_address, failed_at FROM admin_login_failures
          WHERE client_address = ANY($1::text[]) AND failed_at > $2
          ORDER BY failed_at`,
        [sorted, windowStart],
      );
      let freesAt: number | undefined;
      for (const key of sorted) {
        const ofKey = failures.filter((failure) => failure.client_address === key);
        if (ofKey.length < MAX_LOGIN_FAILURES) continue;
        // Attempts open again when enough failures have left the window.
        const keyFreesAt =
          ofKey[ofKey.length - MAX_LOGIN_FAILURES].failed_at.getTime() + LOGIN_FAILURE_WINDOW_MS;
        freesAt = Math.max(freesAt ?? 0, keyFreesAt);
      }
      if (freesAt !== undefined) {
        return {
          outcome: 'throttled',
          retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
        };
      }
      if (await credentialsAreRight(manager)) {
        await manager.query(
          'DELETE FROM admin_login_failures WHERE client_address = ANY($1::text[])',
          [sorted],
        );
        return { outcome: 'accepted' };
      }
      await manager.query(
        `INSERT INTO admin_login_failures (client_address, failed_at)
         SELECT unnest($1::text[]), $2`,
        [sorted, now],
      );
      await manager.query('DELETE FROM admin_login_failures WHERE failed_at <= $1', [windowStart]);
      return { outcome: 'rejected' };
    });
  }

  /** Forgets an account's failures (its operator was erased). */
  async forgetAccount(sql: SqlExecutor, email: string): Promise<void> {
    await sql.query('DELETE FROM admin_login_failures WHERE client_address = $1', [
      accountThrottleKey(email),
    ]);
  }
}
