import { Body, Controller, Header, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { AdminActor } from '../../../auth/admin-actor';
import { OperatorFieldRefused } from '../../../auth/admin-errors';
import { AccountCommand, CurrentAdmin, CurrentSession } from '../../../auth/admin-only.decorator';
import type { AdminSession } from '../../../auth/admin-sessions';
import { only } from '../../../common/domain-error';
import { PROVED_LATELY } from '../../account/account-refusals';
import { RecoveryCodesDto } from '../../operator-answers.dto';
import { ConfirmTotpCommand } from './confirm-totp.command';
import { TotpConfirmationRequestDto } from './confirm-totp.request.dto';

/** The signed-in operator confirms their authenticator app: sends ConfirmTotpCommand. */
@ApiTags('admin')
@Controller('api/admin/account')
export class ConfirmTotpHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('totp/confirmation')
  @Header('Cache-Control', 'no-store')
  @AccountCommand({
    operationId: 'confirmTotp',
    summary: 'Confirm the authenticator app with a code',
    description:
      'A code of the pending secret (one step either side is accepted) makes it the TOTP of the account and answers ten recovery codes, shown this once (each good once instead of a code; the earlier ones end). Needs a session proved lately. Records OperatorTotpConfirmed and emails the operator.',
    ok: RecoveryCodesDto,
    refusals: [...PROVED_LATELY, only(OperatorFieldRefused, 'totp-code-wrong')],
  })
  async confirmTotp(
    @Body() body: TotpConfirmationRequestDto,
    @CurrentAdmin() actor: AdminActor,
    @CurrentSession() session: AdminSession,
  ): Promise<RecoveryCodesDto> {
    return this.commandBus.execute(new ConfirmTotpCommand(actor, session, body.code));
  }
}
