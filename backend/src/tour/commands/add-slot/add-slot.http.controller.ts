import { Body, Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin, OperatorCommand } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { only } from '../../../common/domain-error';
import { TourAdminQueryHandler } from '../../queries/tour-admin/tour-admin.query-handler';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { TourError } from '../../domain/tour-errors';
import { AddSlotCommand } from './add-slot.command';
import { AddSlotRequestDto } from './add-slot.request.dto';

/** Sends AddSlotCommand, then answers the event as it now stands, read through the tour's query. */
@ApiTags('admin')
@Controller('api/admin/tour/events')
export class AddSlotHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly query: TourAdminQueryHandler,
  ) {}

  @Post(':slug/slots')
  @OperatorCommand('tour', {
    operationId: 'addSlot',
    summary: 'Add a slot to an event',
    description:
      'Records SlotAdded. Refused (409) when the event has a slot of that name (names compared composed, spaces collapsed) or one starting at the same instant, or is completed.',
    status: 201,
    ok: TourEventAdminDto,
    refusals: [
      only(
        TourError,
        'tour-field-invalid',
        'event-not-found',
        'slot-name-taken',
        'slot-instant-taken',
        'event-completed',
        'concurrent-change',
      ),
    ],
  })
  async addSlot(
    @Param('slug') slug: string,
    @Body() body: AddSlotRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    await this.commandBus.execute(new AddSlotCommand({ slug, ...body }, actor));
    return this.query.event(slug);
  }
}
