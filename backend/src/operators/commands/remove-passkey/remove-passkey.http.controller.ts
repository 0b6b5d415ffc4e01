import { Controller, Delete, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { AdminActor } from '../../../auth/admin-actor';
import { OperatorConflict, OperatorNotFound } from '../../../auth/admin-errors';
import { AccountCommand, CurrentAdmin, CurrentSession } from '../../../auth/admin-only.decorator';
import type { AdminSession } from '../../../auth/admin-sessions';
import { only } from '../../../common/domain-error';
import { PROVED_LATELY } from '../../account/account-refusals';
import { RemovePasskeyCommand } from './remove-passkey.command';

/** The signed-in operator removes one of their passkeys: sends RemovePasskeyCommand. */
@ApiTags('admin')
@Controller('api/admin/account')
export class RemovePasskeyHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete('passkeys/:passkeyId')
  @AccountCommand({
    operationId: 'removePasskey',
    summary: 'Remove one of your passkeys',
    description:
      'It signs no one in from then on. Needs a session proved lately; not the last of your second factors. Records OperatorPasskeyRemoved and emails the operator.',
    status: 204,
    okDescription: 'Removed.',
    refusals: [
      ...PROVED_LATELY,
      only(OperatorNotFound, 'passkey-not-found'),
      only(OperatorConflict, 'last-factor'),
    ],
  })
  async removePasskey(
    @Param('passkeyId') passkeyId: string,
    @CurrentAdmin() actor: AdminActor,
    @CurrentSession() session: AdminSession,
  ): Promise<void> {
    await this.commandBus.execute(new RemovePasskeyCommand(actor, session, passkeyId));
  }
}
