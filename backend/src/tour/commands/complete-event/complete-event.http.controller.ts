import { Controller, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { TourEventChangeController } from '../tour-event-change.controller';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { CompleteEventCommand } from './complete-event.command';
import { OperatorCommand } from '../../../auth/admin-only.decorator';
import { EVENT_CHANGE_REFUSALS } from '../../domain/tour-errors';

/**
 * Sends CompleteEventCommand, then answers the event as it now stands, read through the tour's
 * query.
 */
@ApiTags('admin')
@Controller('api/admin/tour/events')
export class CompleteEventHttpController extends TourEventChangeController {
  @Post(':slug/complete')
  @OperatorCommand('tour', {
    operationId: 'completeEvent',
    summary: 'Complete an event',
    description: 'Records EventCompleted: the event becomes past, and its slots close.',
    ok: TourEventAdminDto,
    refusals: [EVENT_CHANGE_REFUSALS],
  })
  complete(
    @Param('slug') slug: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.changed(new CompleteEventCommand({ slug }, actor));
  }
}
