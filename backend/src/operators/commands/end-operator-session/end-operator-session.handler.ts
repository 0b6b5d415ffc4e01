import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { adminMetadata } from '../../../auth/admin-actor';
import { operatorNotFound } from '../../../auth/admin-errors';
import { AdminSessions } from '../../../auth/admin-sessions';
import { isOwner } from '../../../auth/operator';
import { OperatorStore } from '../../operator-store';
import { EndOperatorSessionCommand } from './end-operator-session.command';

/**
 * One session ended: its cookie is refused by every process on its next request. An operator's
 * is recorded (OperatorSignedOut, revoked); the owner's, who has no stream, is only ended.
 */
@CommandHandler(EndOperatorSessionCommand)
export class EndOperatorSessionHandler implements ICommandHandler<EndOperatorSessionCommand> {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly sessions: AdminSessions,
    private readonly store: OperatorStore,
  ) {}

  async execute({ actor, operatorId, sessionId }: EndOperatorSessionCommand): Promise<void> {
    const missing = () =>
      operatorNotFound('operator-session-not-found', 'No such session of this operator.');
    if (isOwner(operatorId)) {
      if (!(await this.sessions.revoke(this.dataSource, operatorId, sessionId))) throw missing();
      return;
    }
    await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, operatorId);
      if (!loaded.state) throw operatorNotFound();
      if (!(await this.sessions.revoke(manager, operatorId, sessionId))) throw missing();
      await this.store.append(
        manager,
        loaded,
        [{ type: 'OperatorSignedOut', data: { operatorId, sessionId, reason: 'revoked' } }],
        adminMetadata(actor),
      );
    });
  }
}
