import { Controller, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { TourEventChangeController } from '../tour-event-change.controller';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { CloseSlotCommand } from './close-slot.command';
import { OperatorCommand } from '../../../auth/admin-only.decorator';
import { SLOT_CHANGE_REFUSALS } from '../../domain/tour-errors';

/**
 * Sends CloseSlotCommand, then answers the event as it now stands, read through the tour's query.
 */
@ApiTags('admin')
@Controller('api/admin/tour/events')
export class CloseSlotHttpController extends TourEventChangeController {
  @Post(':slug/slots/:time/close')
  @OperatorCommand('tour', {
    operationId: 'closeSlot',
    summary: 'Close a slot to registration',
    description: 'Records SlotClosed, unless it is closed already.',
    ok: TourEventAdminDto,
    refusals: [SLOT_CHANGE_REFUSALS],
  })
  close(
    @Param('slug') slug: string,
    @Param('time') time: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.changed(new CloseSlotCommand({ slug, time }, actor));
  }
}
