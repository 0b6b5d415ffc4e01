import { Controller, Delete, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { AdminActor } from '../../../auth/admin-actor';
import { CurrentAdmin, OperatorCommand } from '../../../auth/admin-only.decorator';
import { only } from '../../../common/domain-error';
import { ADMIN_SESSION_ID } from '../../../auth/operator-ids';
import { RouteParam } from '../../../common/validation';
import { OperatorNotFound } from '../../../auth/admin-errors';
import { EndOperatorSessionCommand } from './end-operator-session.command';

/** Sends EndOperatorSessionCommand (permission `operators`). */
@ApiTags('admin')
@Controller('api/admin/operators')
export class EndOperatorSessionHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete(':operatorId/sessions/:sessionId')
  @OperatorCommand('operators', {
    operationId: 'endOperatorSession',
    summary: "End one of an operator's sessions",
    description:
      "The session's cookie is refused by every process on its next request. `operatorId` `owner` ends one of the owner's own sessions. An operator's is recorded (OperatorSignedOut, revoked).",
    status: 204,
    okDescription: 'Ended.',
    refusals: [only(OperatorNotFound, 'operator-not-found', 'operator-session-not-found')],
  })
  @ApiParam({ name: 'sessionId', example: '0b6f3a52-3d1e-4c8e-9a57-5f3f2a0c9d11' })
  async endSession(
    @Param('operatorId') operatorId: string,
    @RouteParam({ name: 'sessionId', rule: ADMIN_SESSION_ID }) sessionId: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.commandBus.execute(new EndOperatorSessionCommand(actor, operatorId, sessionId));
  }
}
