import { Body, Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { TourAdminQueryHandler } from '../../queries/tour-admin/tour-admin.query-handler';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { AnnounceEventCommand } from './announce-event.command';
import { AnnounceEventRequestDto } from './announce-event.request.dto';
import { OperatorCommand } from '../../../auth/admin-only.decorator';
import { only } from '../../../common/domain-error';
import { PRICE_REFUSALS, TourError } from '../../domain/tour-errors';

/**
 * Sends AnnounceEventCommand, then answers the event as it now stands, read through the tour's
 * query.
 */
@ApiTags('admin')
@Controller('api/admin/tour/events')
export class AnnounceEventHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly query: TourAdminQueryHandler,
  ) {}

  @Post()
  @OperatorCommand('tour', {
    operationId: 'announceEvent',
    summary: 'Announce an event of the tour',
    description: 'Records EventAnnounced.',
    status: 201,
    ok: TourEventAdminDto,
    refusals: [
      only(TourError, 'tour-field-invalid', 'event-slug-taken', 'concurrent-change'),
      PRICE_REFUSALS,
    ],
  })
  async announce(
    @Body() body: AnnounceEventRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    await this.commandBus.execute(new AnnounceEventCommand(body, actor));
    return this.query.event(body.slug);
  }
}
