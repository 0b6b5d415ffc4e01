import { Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../../auth/admin-actor';
import { MarkNoShowsCommand } from './mark-no-shows.command';
import { NoShowsMarkedDto } from './no-shows-marked.response.dto';
import { OperatorCommand } from '../../../../auth/admin-only.decorator';
import { ConcurrentChange } from '../../../../common/request-errors';
import { DoorSlotNotFound, SlotNotStarted } from '../../domain/door-errors';

@ApiTags('admin')
@Controller()
export class MarkNoShowsHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/admin/tour/events/:slug/slots/:time/no-shows')
  @OperatorCommand('door', {
    operationId: 'markNoShows',
    summary: "Mark a started slot's no-shows",
    description:
      'Records NoShowMarked for every seated person not checked in. A no-show who arrives later can still be checked in. `time` is the URL-encoded slot name.',
    ok: NoShowsMarkedDto,
    refusals: [DoorSlotNotFound, SlotNotStarted, ConcurrentChange],
  })
  async mark(
    @Param('slug') slug: string,
    @Param('time') time: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<NoShowsMarkedDto> {
    const marked = await this.commandBus.execute(new MarkNoShowsCommand(slug, time, actor));
    return { marked: marked.length };
  }
}
