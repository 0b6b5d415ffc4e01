import { Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin, OperatorCommand } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { only } from '../../../common/domain-error';
import { TourAdminQueryHandler } from '../../queries/tour-admin/tour-admin.query-handler';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { TourError } from '../../domain/tour-errors';
import { CompleteEventCommand } from './complete-event.command';

/**
 * Sends CompleteEventCommand, then answers the event as it now stands, read through the tour's
 * query.
 */
@ApiTags('admin')
@Controller('api/admin/tour/events')
export class CompleteEventHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly query: TourAdminQueryHandler,
  ) {}

  @Post(':slug/complete')
  @OperatorCommand('tour', {
    operationId: 'completeEvent',
    summary: 'Complete an event',
    description: 'Records EventCompleted: the event becomes past, and its slots close.',
    ok: TourEventAdminDto,
    refusals: [only(TourError, 'tour-field-invalid', 'event-not-found', 'concurrent-change')],
  })
  async complete(
    @Param('slug') slug: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    await this.commandBus.execute(new CompleteEventCommand({ slug }, actor));
    return this.query.event(slug);
  }
}
