import { Body, Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AdminOnly, CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { TourAdminQueryHandler } from '../../queries/tour-admin/tour-admin.query-handler';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
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
  @AdminOnly('tour', { mutation: true })
  @ApiOperation({
    operationId: 'addSlot',
    summary: 'Add a slot to an event',
    description: 'Records SlotAdded.',
  })
  @ApiCreatedResponse({ type: TourEventAdminDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  @ApiConflictResponse({
    type: ApiErrorDto,
    description:
      'The event has a slot of that name (names compared composed, spaces collapsed) or one starting at the same instant, or is completed.',
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
