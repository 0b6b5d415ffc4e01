import { Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin, OperatorCommand } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { only } from '../../../common/domain-error';
import { TourAdminQueryHandler } from '../../queries/tour-admin/tour-admin.query-handler';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { TourError } from '../../domain/tour-errors';
import { ReopenSlotCommand } from './reopen-slot.command';

/**
 * Sends ReopenSlotCommand, then answers the event as it now stands, read through the tour's query.
 */
@ApiTags('admin')
@Controller('api/admin/tour/events')
export class ReopenSlotHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly query: TourAdminQueryHandler,
  ) {}

  @Post(':slug/slots/:time/reopen')
  @OperatorCommand('tour', {
    operationId: 'reopenSlot',
    summary: 'Reopen a closed slot',
    description:
      'Records SlotReopened, unless it is open already. A slot whose registration has closed by the clock (it has started, or starts within REGISTRATION_CLOSES_MINUTES_BEFORE) is not reopened: 409, as in a completed event.',
    ok: TourEventAdminDto,
    refusals: [
      only(
        TourError,
        'tour-field-invalid',
        'event-not-found',
        'slot-not-found',
        'event-completed',
        'slot-started',
        'concurrent-change',
      ),
    ],
  })
  async reopen(
    @Param('slug') slug: string,
    @Param('time') time: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    await this.commandBus.execute(new ReopenSlotCommand({ slug, time, now: new Date() }, actor));
    return this.query.event(slug);
  }
}
