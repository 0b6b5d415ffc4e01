import { Body, Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import type { AdminActor } from '../../../auth/admin-actor';
import { CurrentAdmin, OperatorCommand } from '../../../auth/admin-only.decorator';
import { only } from '../../../common/domain-error';
import { EmptyRequestDto } from '../../operator-requests.dto';
import { OperatorConflict, OperatorNotFound } from '../../../auth/admin-errors';
import { EraseOperatorCommand } from './erase-operator.command';

/** Sends EraseOperatorCommand (permission `operators`). */
@ApiTags('admin')
@Controller('api/admin/operators')
export class EraseOperatorHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':operatorId/erasure')
  @OperatorCommand('operators', {
    operationId: 'eraseOperator',
    summary: "Erase a suspended operator's name and email",
    description:
      "Shreds the operator's key (their name and email in the log can no longer be read), records OperatorErased, and deletes their passphrase, second factors, sessions and unsent invitation. The trail then reads `former operator #<number>`. Irreversible; again on an erased operator, nothing more happens.",
    status: 204,
    okDescription: 'Erased.',
    refusals: [
      only(OperatorNotFound, 'operator-not-found'),
      only(OperatorConflict, 'suspend-first'),
    ],
  })
  @ApiBody({ type: EmptyRequestDto })
  async erase(
    @Param('operatorId') operatorId: string,
    @Body() _body: EmptyRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<void> {
    await this.commandBus.execute(new EraseOperatorCommand(actor, operatorId));
  }
}
