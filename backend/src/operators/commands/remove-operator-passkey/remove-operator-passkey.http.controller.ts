import { Controller, Delete, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { AdminActor } from '../../../auth/admin-actor';
import { CurrentAdmin, OperatorCommand } from '../../../auth/admin-only.decorator';
import { only } from '../../../common/domain-error';
import { OperatorNotFound } from '../../../auth/admin-errors';
import { RemoveOperatorPasskeyCommand } from './remove-operator-passkey.command';

/** Sends RemoveOperatorPasskeyCommand (permission `operators`). */
@ApiTags('admin')
@Controller('api/admin/operators')
export class RemoveOperatorPasskeyHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete(':operatorId/passkeys/:passkeyId')
  @OperatorCommand('operators', {
    operationId: 'removeOperatorPasskey',
    summary: "Remove one of an operator's passkeys",
    description:
      'A lost device, or one added with a stolen session: it signs no one in from then on (the last one too: the operator then sets up a second factor again before anything else). Records OperatorPasskeyRemoved, and the operator is emailed that the owner did it.',
    status: 204,
    okDescription: 'Removed.',
    refusals: [only(OperatorNotFound, 'operator-not-found', 'passkey-not-found')],
  })
  async removePasskey(
    @Param('operatorId') operatorId: string,
    @Param('passkeyId') passkeyId: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.commandBus.execute(new RemoveOperatorPasskeyCommand(actor, operatorId, passkeyId));
  }
}
