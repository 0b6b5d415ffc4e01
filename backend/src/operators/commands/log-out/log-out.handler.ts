import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { AdminSessions } from '../../../auth/admin-sessions';
import { isOwner } from '../../../auth/operator';
import { OperatorStore } from '../../operator-store';
import { LogOutCommand } from './log-out.command';

/** Signing out: the session ends everywhere; an operator's sign-out is a fact of its stream. */
@CommandHandler(LogOutCommand)
export class LogOutHandler implements ICommandHandler<LogOutCommand> {
  constructor(
    private readonly sessions: AdminSessions,
    private readonly store: OperatorStore,
  ) {}

  async execute({ token, correlationId }: LogOutCommand): Promise<void> {
    const ended = await this.sessions.end(token);
    if (!ended || isOwner(ended.operatorId)) return;
    await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, ended.operatorId);
      if (!loaded.state || loaded.state.state === 'erased') return;
      await this.store.append(
        manager,
        loaded,
        [
          {
            type: 'OperatorSignedOut',
            data: { operatorId: ended.operatorId, sessionId: ended.id, reason: 'signed-out' },
          },
        ],
        adminMetadata({ sessionId: ended.id, correlationId, operatorId: ended.operatorId }),
      );
    });
  }
}
