import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { TourEventChangeController } from '../tour-event-change.controller';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { AddSlotCommand } from './add-slot.command';
import { AddSlotRequestDto } from './add-slot.request.dto';
import { OperatorCommand } from '../../../auth/admin-only.decorator';
import { only } from '../../../common/domain-error';
import { EVENT_CHANGE_REFUSALS, TourError } from '../../domain/tour-errors';

/** Sends AddSlotCommand, then answers the event as it now stands, read through the tour's query. */
@ApiTags('admin')
@Controller('api/admin/tour/events')
export class AddSlotHttpController extends TourEventChangeController {
  @Post(':slug/slots')
  @OperatorCommand('tour', {
    operationId: 'addSlot',
    summary: 'Add a slot to an event',
    description:
      'Records SlotAdded. Refused (409) when the event has a slot of that name (names compared composed, spaces collapsed) or one starting at the same instant, or is completed.',
    status: 201,
    ok: TourEventAdminDto,
    refusals: [
      EVENT_CHANGE_REFUSALS,
      only(TourError, 'slot-name-taken', 'slot-instant-taken', 'event-completed'),
    ],
  })
  addSlot(
    @Param('slug') slug: string,
    @Body() body: AddSlotRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.changed(new AddSlotCommand({ slug, ...body }, actor));
  }
}
