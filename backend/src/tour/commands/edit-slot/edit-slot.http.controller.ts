import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { TourEventChangeController } from '../tour-event-change.controller';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { EditSlotCommand } from './edit-slot.command';
import { EditSlotRequestDto } from './edit-slot.request.dto';
import { OperatorCommand } from '../../../auth/admin-only.decorator';
import { only } from '../../../common/domain-error';
import { SLOT_CHANGE_REFUSALS, TourError } from '../../domain/tour-errors';

/**
 * Sends EditSlotCommand, then answers the event as it now stands, read through the tour's query.
 */
@ApiTags('admin')
@Controller('api/admin/tour/events')
export class EditSlotHttpController extends TourEventChangeController {
  @Patch(':slug/slots/:time')
  @OperatorCommand('tour', {
    operationId: 'editSlot',
    summary: "Change a slot's capacity or move it",
    description:
      "Records SlotCapacityChanged and SlotMoved. `time` is the URL-encoded slot name; a moved slot keeps its name, which registrations reference. A new start must be ahead, and written with the event's zone's offset at that instant (or in UTC). A capacity below the seats taken, or another slot of the event at the new instant, is refused (409).",
    ok: TourEventAdminDto,
    refusals: [
      SLOT_CHANGE_REFUSALS,
      only(TourError, 'capacity-below-seats-taken', 'slot-instant-taken'),
    ],
  })
  editSlot(
    @Param('slug') slug: string,
    @Param('time') time: string,
    @Body() body: EditSlotRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.changed(new EditSlotCommand({ slug, time, ...body, now: new Date() }, actor));
  }
}
