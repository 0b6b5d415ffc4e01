import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { AdminSessions } from '../../../auth/admin-sessions';
import { operatorStreamId } from '../../../auth/operator';
import { MailTransport } from '../../../notifications/mail-transport';
import { forgetOperatorRecipient } from '../../../notifications/outbox';
import { shredPersonalDataKey } from '../../../personal-data/personal-data-vault';
import { forgetPasskeys } from '../../credentials/passkeys';
import { forgetSecondFactors } from '../../credentials/second-factors';
import { eraseOperator } from '../../domain/operator-management';
import { OperatorStore } from '../../operator-store';
import { LoginThrottle } from '../../sign-in/login-throttle';
import { EraseOperatorCommand } from './erase-operator.command';

/**
 * A suspended operator erased (decided by the domain, eraseOperator): their key shredded, so
 * that their name and email in the log can no longer be read, OperatorErased recorded, and their
 * passphrase, second factors, sessions, unsent invitation and sign-in failures deleted; the
 * trail then calls them `former operator #N`. Again on an erased operator, nothing happens.
 */
@CommandHandler(EraseOperatorCommand)
export class EraseOperatorHandler implements ICommandHandler<EraseOperatorCommand> {
  constructor(
    private readonly sessions: AdminSessions,
    private readonly store: OperatorStore,
    private readonly transport: MailTransport,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute({ actor, operatorId }: EraseOperatorCommand): Promise<void> {
    const erased = await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, operatorId);
      const events = eraseOperator(loaded.state, operatorId);
      if (events.length === 0) return false;
      await shredPersonalDataKey(manager, operatorStreamId(operatorId));
      await this.store.append(manager, loaded, events, adminMetadata(actor));
      await this.sessions.endAllOf(manager, operatorId);
      await forgetSecondFactors(manager, operatorId);
      await forgetPasskeys(manager, operatorId);
      await forgetOperatorRecipient(manager, operatorId);
      if (loaded.state?.email) await this.throttle.forgetAccount(manager, loaded.state.email);
      return true;
    });
    // The copies of the invitation the site wrote as files go too.
    if (erased) await this.transport.eraseCopiesOf(operatorId);
  }
}
