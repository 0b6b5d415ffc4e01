import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { AdminClock } from '../../../auth/admin-clock';
import { fieldRefused, invitationGone } from '../../../auth/admin-errors';
import { AdminSessions, type OpenedAdminSession } from '../../../auth/admin-sessions';
import { invitationLive } from '../../../auth/operator';
import { storeOperatorLocale, storePassphrase } from '../../credentials/second-factors';
import { hashPassphrase, PASSPHRASE_FAULTS, passphraseFault } from '../../domain/passphrase';
import { OperatorStore } from '../../operator-store';
import { ReadInvitationQueryHandler } from '../../queries/read-invitation/read-invitation.query-handler';
import { JoinAsOperatorCommand } from './join-as-operator.command';

/**
 * Joins with the invitation: the operator's name and passphrase, a session at once (which needs
 * a passkey or an authenticator app before anything else), OperatorJoined and OperatorSignedIn,
 * all in one transaction, the invitation checked live again under it.
 */
@CommandHandler(JoinAsOperatorCommand)
export class JoinAsOperatorHandler implements ICommandHandler<JoinAsOperatorCommand> {
  constructor(
    private readonly invitations: ReadInvitationQueryHandler,
    private readonly clock: AdminClock,
    private readonly sessions: AdminSessions,
    private readonly store: OperatorStore,
  ) {}

  async execute({
    join,
    origin,
    correlationId,
    locale,
  }: JoinAsOperatorCommand): Promise<OpenedAdminSession> {
    const { invitationId, operator: found } = await this.invitations.liveInvitation(join.token);
    const fault = await passphraseFault(join.passphrase, {
      name: `${join.name} ${found.name}`,
      email: found.email,
    });
    if (fault) throw fieldRefused(fault, 'passphrase', PASSPHRASE_FAULTS[fault]);
    const passphraseHash = await hashPassphrase(join.passphrase);
    const name = join.name.trim();
    return this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, found.id);
      const now = await this.clock.now(manager);
      if (!loaded.state || !invitationLive(loaded.state, invitationId, now)) {
        throw invitationGone();
      }
      await storePassphrase(manager, found.id, passphraseHash);
      await storeOperatorLocale(manager, found.id, locale);
      const session = await this.sessions.open(
        { id: found.id, name, role: loaded.state.role, secondFactorRequired: true },
        origin,
        manager,
      );
      await this.store.append(
        manager,
        loaded,
        [
          { type: 'OperatorJoined', data: { operatorId: found.id, name } },
          {
            type: 'OperatorSignedIn',
            data: { operatorId: found.id, sessionId: session.id, method: 'join' },
          },
        ],
        adminMetadata({ sessionId: session.id, correlationId, operatorId: found.id }),
      );
      return session;
    });
  }
}
