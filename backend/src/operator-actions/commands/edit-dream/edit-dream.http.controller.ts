import { Body, Controller, Param, Patch } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { AdminRegistrationUpdate } from '../../admin-registration-update.decorator';
import { AdminRegistrationDto } from '../../../registrations/queries/list-registrations/admin-registration.response.dto';
import { GetAdminRegistrationQuery } from '../../../registrations/queries/list-registrations/get-admin-registration.query';
import { EditDreamCommand } from './edit-dream.command';
import { EditDreamRequestDto } from './edit-dream.request.dto';

@ApiTags('admin')
@Controller()
export class EditDreamHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Patch('api/admin/registrations/:id/dream')
  @AdminRegistrationUpdate('editDream', 'Replace the dream text', 'DreamEdited')
  async update(
    @Param('id') id: string,
    @Body() body: EditDreamRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    await this.commandBus.execute(new EditDreamCommand(id, body.dream, actor));
    return this.queryBus.execute(new GetAdminRegistrationQuery(id));
  }
}
