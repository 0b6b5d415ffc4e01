import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { TourEventChangeController } from '../tour-event-change.controller';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { EditEventCommand } from './edit-event.command';
import { EditEventRequestDto } from './edit-event.request.dto';
import { OperatorCommand } from '../../../auth/admin-only.decorator';
import { EVENT_CHANGE_REFUSALS, PRICE_REFUSALS } from '../../domain/tour-errors';

/**
 * Sends EditEventCommand, then answers the event as it now stands, read through the tour's query.
 */
@ApiTags('admin')
@Controller('api/admin/tour/events')
export class EditEventHttpController extends TourEventChangeController {
  @Patch(':slug')
  @OperatorCommand('tour', {
    operationId: 'editEvent',
    summary: "Edit an event's details, status or automatic offers",
    description:
      'Records EventDetailsEdited for the details that change, AutomaticOffersSwitched when automaticOffers does; nothing for values already so.',
    ok: TourEventAdminDto,
    refusals: [EVENT_CHANGE_REFUSALS, PRICE_REFUSALS],
  })
  edit(
    @Param('slug') slug: string,
    @Body() body: EditEventRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    return this.changed(new EditEventCommand({ slug, changes: body }, actor));
  }
}
