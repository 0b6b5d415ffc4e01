import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { TourAdminQueryHandler } from '../../queries/tour-admin/tour-admin.query-handler';
import { TourEventAdminDto } from '../../queries/tour-admin/tour-admin.response.dto';
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
  @HttpCode(200)
  @AdminOnly('tour', { mutation: true })
  @ApiOperation({
    operationId: 'closeSlot',
    summary: 'Close a slot to registration',
    description: 'Records SlotClosed, unless it is closed already.',
  })
  @ApiOkResponse({ type: TourEventAdminDto })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  async close(
    @Param('slug') slug: string,
    @Param('time') time: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<TourEventAdminDto> {
    await this.commandBus.execute(new CloseSlotCommand({ slug, time }, actor));
    return this.query.event(slug);
  }
}
