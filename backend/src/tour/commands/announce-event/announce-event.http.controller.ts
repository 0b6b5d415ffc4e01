import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { TourEventChangeController } from '../tour-event-change.controller';
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
export class AnnounceEventHttpController extends TourEventChangeController {
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
  announce(
    @Body() body: AnnounceEventRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.changed(new AnnounceEventCommand(body, actor));
  }
}
