import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AdminActor } from '../../../auth/admin-actor';
import { CurrentAdmin, OperatorQuery } from '../../../auth/admin-only.decorator';
import { OperatorListDto } from '../../operator-answers.dto';
import { ListOperatorsQueryHandler } from './list-operators.query-handler';

/** The owner's list of operators (permission `operators`). */
@ApiTags('admin')
@Controller('api/admin/operators')
export class ListOperatorsHttpController {
  constructor(private readonly operators: ListOperatorsQueryHandler) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @OperatorQuery('operators', {
    operationId: 'listOperators',
    summary: 'Every operator, with role, state and open sessions',
    description:
      'The owner first (id `owner`), then by number. Each open session with its device, address, when it was opened and last used (within a minute); `current` marks the one asking. An erased operator is `former operator #<number>`, without email.',
    ok: OperatorListDto,
  })
  async list(@CurrentAdmin() actor: AdminActor): Promise<OperatorListDto> {
    return { operators: await this.operators.list(actor.sessionId) };
  }
}
