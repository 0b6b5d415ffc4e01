import { Body, Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly, CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { TourAdminQueryHandler } from '../../queries/tour-admin/tour-admin.query-handler';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { AnnounceEventCommand } from './announce-event.command';
import { AnnounceEventRequestDto } from './announce-event.request.dto';

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
  @AdminOnly('tour', { mutation: true })
  @ApiOperation({
    operationId: 'announceEvent',
    summary: 'Announce an event of the tour',
    description: 'Records EventAnnounced.',
  })
  @ApiCreatedResponse({ type: TourEventAdminDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'The tour has an event of that slug.' })
  async announce(
    @Body() body: AnnounceEventRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    await this.commandBus.execute(new AnnounceEventCommand(body, actor));
    return this.query.event(body.slug);
  }
}
