import { Body, Controller, Param, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { AdminActor } from '../../../auth/admin-actor';
import { CurrentAdmin, OperatorCommand } from '../../../auth/admin-only.decorator';
import { only } from '../../../common/domain-error';
import { OperatorDto } from '../../operator-answers.dto';
import { ChangeOperatorRequestDto } from './change-operator.request.dto';
import { OperatorConflict, OperatorNotFound } from '../../../auth/admin-errors';
import { ListOperatorsQueryHandler } from '../../queries/list-operators/list-operators.query-handler';
import { ChangeOperatorCommand } from './change-operator.command';

/** Sends ChangeOperatorCommand, then answers the operator as it now stands, read through the operators' list. */
@ApiTags('admin')
@Controller('api/admin/operators')
export class ChangeOperatorHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly query: ListOperatorsQueryHandler,
  ) {}

  @Patch(':operatorId')
  @OperatorCommand('operators', {
    operationId: 'changeOperator',
    summary: "Change an operator's role, or suspend or reinstate them",
    description:
      'Records OperatorRoleChanged, OperatorSuspended or OperatorReinstated. Suspending ends every session of the operator at once: every process refuses their cookie on its next request.',
    ok: OperatorDto,
    refusals: [
      only(OperatorNotFound, 'operator-not-found'),
      only(OperatorConflict, 'owner-fixed', 'operator-erased'),
    ],
  })
  async change(
    @Param('operatorId') operatorId: string,
    @Body() body: ChangeOperatorRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<OperatorDto> {
    await this.commandBus.execute(new ChangeOperatorCommand(actor, operatorId, body));
    return this.query.one(operatorId, actor.sessionId);
  }
}
