import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminClock } from '../auth/admin-clock';

export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

export type LoginOutcome =
  | { outcome: 'accepted' }
  | { outcome: 'rejected' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/**
 * Counts failed logins per client address in PostgreSQL, so the limit holds however many app
 * processes answer. Each attempt runs under an advisory lock on its address: two attempts from
 * one address at the same instant are counted one after the other, never both under the limit.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly clock: AdminClock,
  ) {}

  attempt(clientAddress: string, passwordIsRight: () => boolean): Promise<LoginOutcome> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `admin-login:${clientAddress}`,
      ]);
      const now = await this.clock.now(manager);
      const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
      const failures: { failed_at: Date }[] = await manager.query(
        `SELECT failed_at FROM admin_login_failures
          WHERE client_address = $1 AND failed_at > $2
          ORDER BY failed_at`,
        [clientAddress, windowStart],
      );
      if (failures.length >= MAX_LOGIN_FAILURES) {
        // Attempts open again when enough failures have left the window.
        const freesAt =
          failures[failures.length - MAX_LOGIN_FAILURES].failed_at.getTime() +
          LOGIN_FAILURE_WINDOW_MS;
        return {
          outcome: 'throttled',
          retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
        };
      }
      if (passwordIsRight()) {
        await manager.query('DELETE FROM admin_login_failures WHERE client_address = $1', [
          clientAddress,
        ]);
        return { outcome: 'accepted' };
      }
      await manager.query(
        'INSERT INTO admin_login_failures (client_address, failed_at) VALUES ($1, $2)',
        [clientAddress, now],
      );
      await manager.query('DELETE FROM admin_login_failures WHERE failed_at <= $1', [windowStart]);
      return { outcome: 'rejected' };
    });
  }
}
