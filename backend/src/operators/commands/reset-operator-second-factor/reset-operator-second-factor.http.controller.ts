import { Body, Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import type { AdminActor } from '../../../auth/admin-actor';
import { CurrentAdmin, OperatorCommand } from '../../../auth/admin-only.decorator';
import { only } from '../../../common/domain-error';
import { EmptyRequestDto } from '../../operator-requests.dto';
import { OperatorConflict, OperatorNotFound } from '../../../auth/admin-errors';
import { ResetOperatorSecondFactorCommand } from './reset-operator-second-factor.command';

/** Sends ResetOperatorSecondFactorCommand (permission `operators`). */
@ApiTags('admin')
@Controller('api/admin/operators')
export class ResetOperatorSecondFactorHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':operatorId/second-factor-reset')
  @OperatorCommand('operators', {
    operationId: 'resetOperatorSecondFactor',
    summary: "Reset an operator's second factor",
    description:
      'Removes every passkey, the authenticator app and the recovery codes of the operator, and ends every session of theirs. Their passphrase alone then opens a session that may only set up a second factor again. Records OperatorSecondFactorReset, and the operator is emailed.',
    status: 204,
    okDescription: 'Reset.',
    refusals: [
      only(OperatorNotFound, 'operator-not-found'),
      only(OperatorConflict, 'owner-fixed', 'operator-not-joined', 'operator-erased'),
    ],
  })
  @ApiBody({ type: EmptyRequestDto })
  async resetSecondFactor(
    @Param('operatorId') operatorId: string,
    @Body() _body: EmptyRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.commandBus.execute(new ResetOperatorSecondFactorCommand(actor, operatorId));
  }
}
