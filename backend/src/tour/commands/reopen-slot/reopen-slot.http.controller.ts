import { Controller, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { TourEventChangeController } from '../tour-event-change.controller';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { ReopenSlotCommand } from './reopen-slot.command';
import { OperatorCommand } from '../../../auth/admin-only.decorator';
import { only } from '../../../common/domain-error';
import { SLOT_CHANGE_REFUSALS, TourError } from '../../domain/tour-errors';

/**
 * Sends ReopenSlotCommand, then answers the event as it now stands, read through the tour's query.
 */
@ApiTags('admin')
@Controller('api/admin/tour/events')
export class ReopenSlotHttpController extends TourEventChangeController {
  @Post(':slug/slots/:time/reopen')
  @OperatorCommand('tour', {
    operationId: 'reopenSlot',
    summary: 'Reopen a closed slot',
    description:
      'Records SlotReopened, unless it is open already. A slot whose registration has closed by the clock (it has started, or starts within REGISTRATION_CLOSES_MINUTES_BEFORE) is not reopened: 409, as in a completed event.',
    ok: TourEventAdminDto,
    refusals: [SLOT_CHANGE_REFUSALS, only(TourError, 'event-completed', 'slot-started')],
  })
  reopen(
    @Param('slug') slug: string,
    @Param('time') time: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.changed(new ReopenSlotCommand({ slug, time, now: new Date() }, actor));
  }
}
