import { Body, Controller, Header, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import type { AdminActor } from '../../../auth/admin-actor';
import { AccountCommand, CurrentAdmin, CurrentSession } from '../../../auth/admin-only.decorator';
import type { AdminSession } from '../../../auth/admin-sessions';
import { PROVED_LATELY } from '../../account/account-refusals';
import { RecoveryCodesDto } from '../../operator-answers.dto';
import { EmptyRequestDto } from '../../operator-requests.dto';
import { RenewRecoveryCodesCommand } from './renew-recovery-codes.command';

/** The signed-in operator renews their recovery codes: sends RenewRecoveryCodesCommand. */
@ApiTags('admin')
@Controller('api/admin/account')
export class RenewRecoveryCodesHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('recovery-codes')
  @Header('Cache-Control', 'no-store')
  @AccountCommand({
    operationId: 'renewRecoveryCodes',
    summary: 'New recovery codes',
    description:
      'Ten new codes, shown this once; the earlier ones, used or not, end. Needs a session proved lately. Records OperatorRecoveryCodesRenewed and emails the operator.',
    ok: RecoveryCodesDto,
    refusals: PROVED_LATELY,
  })
  @ApiBody({ type: EmptyRequestDto })
  async renewRecoveryCodes(
    @Body() _body: EmptyRequestDto,
    @CurrentAdmin() actor: AdminActor,
    @CurrentSession() session: AdminSession,
  ): Promise<RecoveryCodesDto> {
    return this.commandBus.execute(new RenewRecoveryCodesCommand(actor, session));
  }
}
