import { Body, Controller, Param, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin, OperatorCommand } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { only } from '../../../common/domain-error';
import { TourAdminQueryHandler } from '../../queries/tour-admin/tour-admin.query-handler';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { TourError } from '../../domain/tour-errors';
import { EditSlotCommand } from './edit-slot.command';
import { EditSlotRequestDto } from './edit-slot.request.dto';

/**
 * Sends EditSlotCommand, then answers the event as it now stands, read through the tour's query.
 */
@ApiTags('admin')
@Controller('api/admin/tour/events')
export class EditSlotHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly query: TourAdminQueryHandler,
  ) {}

  @Patch(':slug/slots/:time')
  @OperatorCommand('tour', {
    operationId: 'editSlot',
    summary: "Change a slot's capacity or move it",
    description:
      "Records SlotCapacityChanged and SlotMoved. `time` is the URL-encoded slot name; a moved slot keeps its name, which registrations reference. A new start must be ahead, and written with the event's zone's offset at that instant (or in UTC). A capacity below the seats taken, or another slot of the event at the new instant, is refused (409).",
    ok: TourEventAdminDto,
    refusals: [
      only(
        TourError,
        'tour-field-invalid',
        'event-not-found',
        'slot-not-found',
        'capacity-below-seats-taken',
        'slot-instant-taken',
        'concurrent-change',
      ),
    ],
  })
  async editSlot(
    @Param('slug') slug: string,
    @Param('time') time: string,
    @Body() body: EditSlotRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    await this.commandBus.execute(
      new EditSlotCommand({ slug, time, ...body, now: new Date() }, actor),
    );
    return this.query.event(slug);
  }
}
