import { Body, Controller, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AdminActor } from '../../../auth/admin-actor';
import { CurrentAdmin, OperatorCommand } from '../../../auth/admin-only.decorator';
import { only } from '../../../common/domain-error';
import { OperatorDto } from '../../operator-answers.dto';
import { requestLocale } from '../../request-locale';
import { InviteOperatorRequestDto } from './invite-operator.request.dto';
import { OperatorConflict } from '../../../auth/admin-errors';
import { ListOperatorsQueryHandler } from '../../queries/list-operators/list-operators.query-handler';
import { InviteOperatorCommand } from './invite-operator.command';

/** Sends InviteOperatorCommand, then answers the operator as it now stands, read through the operators' list. */
@ApiTags('admin')
@Controller('api/admin/operators')
export class InviteOperatorHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly query: ListOperatorsQueryHandler,
  ) {}

  @Post()
  @OperatorCommand('operators', {
    operationId: 'inviteOperator',
    summary: 'Invite an operator',
    description:
      "Records OperatorInvited and sends the invitation through the outbox, in the console's language (its `language` cookie) or English: a signed link to `/admin/join?token=…`, good once for 48 hours.",
    status: 201,
    ok: OperatorDto,
    refusals: [only(OperatorConflict, 'email-taken')],
  })
  async invite(
    @Body() body: InviteOperatorRequestDto,
    @CurrentAdmin() actor: AdminActor,
    @Req() request: Request,
  ): Promise<OperatorDto> {
    const operatorId = await this.commandBus.execute(
      new InviteOperatorCommand(actor, body, requestLocale(request)),
    );
    return this.query.one(operatorId, actor.sessionId);
  }
}
