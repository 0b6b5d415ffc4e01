import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { tooManyAttempts, wrongPassword } from '../../../auth/admin-errors';
import { AdminSessions, OWNER, type OpenedAdminSession } from '../../../auth/admin-sessions';
import { OWNER_ID } from '../../../auth/permissions';
import type { OwnerAccessEventType } from '../../../auth/operator';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { appendToStream } from '../../../event-store/append-to-stream';
import type { EventMetadata } from '../../../event-store/event-store.types';
import { streamVersion } from '../../../event-store/log-queries';
import type { SqlExecutor } from '../../../event-store/sql-executor';
import { passwordMatches } from '../../sign-in/admin-password';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LoginThrottle,
  OWNER_ACCOUNT,
} from '../../sign-in/login-throttle';
import { LogInCommand } from './log-in.command';

/** The owner's sign-ins, failures and lock-outs: a stream of its own in the log. */
export const OWNER_STREAM = 'owner';

export type OwnerAccessEvent = (
  | { type: 'OwnerSignedIn'; data: { sessionId: string } }
  | { type: 'OwnerSignInFailed'; data: { network: string } }
  | { type: 'OwnerLockedOut'; data: { network: string; minutes: number } }
) & { type: OwnerAccessEventType };

/**
 * Appends to the owner's stream. Every append is made under the owner's account lock (the
 * throttle's), so the version read is the one appended at.
 */
async function recordOwnerAccess(
  sql: SqlExecutor,
  events: OwnerAccessEvent[],
  metadata: EventMetadata,
): Promise<void> {
  await appendToStream(
    sql,
    OWNER_STREAM,
    await streamVersion(sql, OWNER_STREAM),
    events.map((event) => ({ type: event.type, data: event.data, metadata })),
  );
}

/**
 * The owner's password (ADMIN_PASSWORD): counted per client network and per account like an
 * operator's sign-in (five failures in 15 minutes close either), and recorded in the log as the
 * operators' are: OwnerSignedIn, OwnerSignInFailed, and OwnerLockedOut on the failure that
 * closes the door. The network is the client's identity (an IPv4 address or an IPv6 /64),
 * which the sessions list shows the owner too.
 */
@CommandHandler(LogInCommand)
export class LogInHandler implements ICommandHandler<LogInCommand> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: AdminSessions,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute({ password, origin, correlationId }: LogInCommand): Promise<OpenedAdminSession> {
    let session: OpenedAdminSession | undefined;
    const result = await this.throttle.attempt(
      { network: origin.address, account: OWNER_ACCOUNT },
      () => passwordMatches(password, this.config.adminPassword),
      async (manager, outcome) => {
        if (outcome.outcome === 'accepted') {
          session = await this.sessions.open(OWNER, origin, manager);
          await recordOwnerAccess(
            manager,
            [{ type: 'OwnerSignedIn', data: { sessionId: session.id } }],
            adminMetadata({ sessionId: session.id, correlationId, operatorId: OWNER_ID }),
          );
        } else if (outcome.outcome === 'rejected') {
          const events: OwnerAccessEvent[] = [
            { type: 'OwnerSignInFailed', data: { network: origin.address } },
          ];
          if (outcome.lockedOut) {
            events.push({
              type: 'OwnerLockedOut',
              data: { network: origin.address, minutes: LOGIN_FAILURE_WINDOW_MS / 60_000 },
            });
          }
          await recordOwnerAccess(manager, events, { actor: 'visitor', correlationId });
        }
      },
    );
    if (result.outcome === 'throttled') throw tooManyAttempts(result.retryAfterSeconds);
    if (result.outcome === 'rejected' || !session) throw wrongPassword();
    return session;
  }
}
