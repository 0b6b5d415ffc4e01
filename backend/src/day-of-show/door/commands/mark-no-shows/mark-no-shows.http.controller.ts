import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { AdminOnly, CurrentAdmin } from '../../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../../auth/admin-actor';
import { ApiErrorDto } from '../../../../common/api-error.dto';
import { MarkNoShowsCommand } from './mark-no-shows.command';
import { NoShowsMarkedDto } from './no-shows-marked.response.dto';

@ApiTags('admin')
@Controller()
export class MarkNoShowsHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/admin/tour/events/:slug/slots/:time/no-shows')
  @HttpCode(200)
  @AdminOnly('door', { mutation: true })
  @ApiOperation({
    operationId: 'markNoShows',
    summary: "Mark a started slot's no-shows",
    description:
      'Records NoShowMarked for every seated person not checked in. A no-show who arrives later can still be checked in. `time` is the URL-encoded slot name.',
  })
  @ApiOkResponse({ type: NoShowsMarkedDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'No such event or slot.' })
  @ApiUnprocessableEntityResponse({ type: ApiErrorDto, description: 'The slot has not started.' })
  async mark(
    @Param('slug') slug: string,
    @Param('time') time: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<NoShowsMarkedDto> {
    const marked = await this.commandBus.execute(new MarkNoShowsCommand(slug, time, actor));
    return { marked: marked.length };
  }
}
