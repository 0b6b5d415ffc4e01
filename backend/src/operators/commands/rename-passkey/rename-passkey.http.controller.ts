import { Body, Controller, Param, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { AdminActor } from '../../../auth/admin-actor';
import { OperatorNotFound } from '../../../auth/admin-errors';
import { AccountCommand, CurrentAdmin } from '../../../auth/admin-only.decorator';
import { only } from '../../../common/domain-error';
import { OWNER_HAS_NO_FACTORS } from '../../account/account-refusals';
import { RenamePasskeyCommand } from './rename-passkey.command';
import { PasskeyNameRequestDto } from './rename-passkey.request.dto';

/** The signed-in operator names one of their passkeys: sends RenamePasskeyCommand. */
@ApiTags('admin')
@Controller('api/admin/account')
export class RenamePasskeyHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Patch('passkeys/:passkeyId')
  @AccountCommand({
    operationId: 'renamePasskey',
    summary: 'Name one of your passkeys',
    description: 'Records OperatorPasskeyRenamed.',
    status: 204,
    okDescription: 'Named.',
    refusals: [only(OperatorNotFound, 'passkey-not-found'), OWNER_HAS_NO_FACTORS],
  })
  async renamePasskey(
    @Param('passkeyId') passkeyId: string,
    @Body() body: PasskeyNameRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.commandBus.execute(new RenamePasskeyCommand(actor, passkeyId, body.name));
  }
}
