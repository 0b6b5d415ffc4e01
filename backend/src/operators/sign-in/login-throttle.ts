import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { AdminClock } from '../../auth/admin-clock';
import { retryingConflicts } from '../../event-store/retry-conflicts';
import type { SqlExecutor } from '../../event-store/sql-executor';

/** Failures from one client network, whichever accounts they tried, that close the network. */
export const MAX_NETWORK_FAILURES = 5;
/**
 * Failures on one account, from every network, that close the account. Twice the network's, so
 * a person mistyping from one place is stopped by the network's limit first, and an account tried
 * from many networks still gets no more than ten guesses a window.
 */
export const MAX_ACCOUNT_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

export type LoginOutcome =
  | { outcome: 'accepted' }
  /** `lockedOut`: this failure was the one that reached the limit of its network or account. */
  | { outcome: 'rejected'; lockedOut: boolean }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/** The account the owner's password is counted as. */
export const OWNER_ACCOUNT = 'owner';

/**
 * An operator's account as a failed sign-in counts against it: its email, hashed (the counter
 * keeps no address), so that neither many accounts tried from one network nor one account tried
 * from many networks gets far.
 */
export function accountThrottleKey(email: string): string {
  return `account:${createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex')}`;
}

/** What one attempt counts against: the client's network (its identity) and the account. */
export interface SignInKeys {
  /** clientIdentityOf(): an IPv4 address, or an IPv6 /64 network. */
  network: string;
  /** OWNER_ACCOUNT, or accountThrottleKey(email). */
  account: string;
}

/**
 * Counts failed sign-ins per client network and per account in PostgreSQL, so the limits hold
 * however many app processes answer. Each failure is one row naming both; a success clears the
 * failures made on its own account only (from every network): another account's success from
 * the same network leaves that network's count of guesses as it was. Each attempt runs under
 * advisory locks on its network and account: two attempts at the same instant are counted one
 * after the other, never both under the limit.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly clock: AdminClock,
  ) {}

  /**
   * One sign-in attempt: throttled while its network has had MAX_NETWORK_FAILURES failures in the
   * window, or its account MAX_ACCOUNT_FAILURES; otherwise `credentialsAreRight` decides, in the attempt's
   * transaction (`manager`: a recovery code it uses up is used only if the attempt commits, and
   * `recorded` writes what the attempt's outcome records in the same transaction).
   */
  attempt(
    keys: SignInKeys,
    credentialsAreRight: (manager: EntityManager) => boolean | Promise<boolean>,
    recorded?: (manager: EntityManager, outcome: LoginOutcome) => Promise<void>,
  ): Promise<LoginOutcome> {
    // Again from scratch if what the attempt records lost a race on its stream: the check's own
    // writes (a recovery code used, a TOTP step) were rolled back with it.
    return retryingConflicts(() =>
      this.dataSource.transaction(async (manager) => {
        for (const lock of [`network:${keys.network}`, `account:${keys.account}`]) {
          await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
            `admin-login:${lock}`,
          ]);
        }
        const now = await this.clock.now(manager);
        const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
        const failures: { client_address: string; account: string; failed_at: Date }[] =
          await manager.query(
            `SELECT client_address, account, failed_at FROM admin_login_failures
            WHERE (client_address = $1 OR account = $2) AND failed_at > $3
            ORDER BY failed_at`,
            [keys.network, keys.account, windowStart],
          );
        const counted = [
          {
            limit: MAX_NETWORK_FAILURES,
            failures: failures.filter((failure) => failure.client_address === keys.network),
          },
          {
            limit: MAX_ACCOUNT_FAILURES,
            failures: failures.filter((failure) => failure.account === keys.account),
          },
        ];
        let freesAt: number | undefined;
        for (const { limit, failures: ofKey } of counted) {
          if (ofKey.length < limit) continue;
          // Attempts open again when enough failures have left the window.
          const keyFreesAt =
            ofKey[ofKey.length - limit].failed_at.getTime() + LOGIN_FAILURE_WINDOW_MS;
          freesAt = Math.max(freesAt ?? 0, keyFreesAt);
        }
        let outcome: LoginOutcome;
        if (freesAt !== undefined) {
          outcome = {
            outcome: 'throttled',
            retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
          };
        } else if (await credentialsAreRight(manager)) {
          await manager.query('DELETE FROM admin_login_failures WHERE account = $1', [
            keys.account,
          ]);
          outcome = { outcome: 'accepted' };
        } else {
          await manager.query(
            `INSERT INTO admin_login_failures (client_address, account, failed_at)
           VALUES ($1, $2, $3)`,
            [keys.network, keys.account, now],
          );
          await manager.query('DELETE FROM admin_login_failures WHERE failed_at <= $1', [
            windowStart,
          ]);
          outcome = {
            outcome: 'rejected',
            lockedOut: counted.some(({ limit, failures: ofKey }) => ofKey.length + 1 === limit),
          };
        }
        if (recorded) await recorded(manager, outcome);
        return outcome;
      }),
    );
  }

  /** Forgets an account's failures (its operator was erased). */
  async forgetAccount(sql: SqlExecutor, email: string): Promise<void> {
    await sql.query('DELETE FROM admin_login_failures WHERE account = $1', [
      accountThrottleKey(email),
    ]);
  }
}
