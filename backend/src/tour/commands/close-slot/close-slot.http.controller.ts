import { Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin, OperatorCommand } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { only } from '../../../common/domain-error';
import { TourAdminQueryHandler } from '../../queries/tour-admin/tour-admin.query-handler';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { TourError } from '../../domain/tour-errors';
import { CloseSlotCommand } from './close-slot.command';

/**
 * Sends CloseSlotCommand, then answers the event as it now stands, read through the tour's query.
 */
@ApiTags('admin')
@Controller('api/admin/tour/events')
export class CloseSlotHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly query: TourAdminQueryHandler,
  ) {}

  @Post(':slug/slots/:time/close')
  @OperatorCommand('tour', {
    operationId: 'closeSlot',
    summary: 'Close a slot to registration',
    description: 'Records SlotClosed, unless it is closed already.',
    ok: TourEventAdminDto,
    refusals: [
      only(
        TourError,
        'tour-field-invalid',
        'event-not-found',
        'slot-not-found',
        'concurrent-change',
      ),
    ],
  })
  async close(
    @Param('slug') slug: string,
    @Param('time') time: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    await this.commandBus.execute(new CloseSlotCommand({ slug, time }, actor));
    return this.query.event(slug);
  }
}
