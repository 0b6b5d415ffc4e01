import { Body, Controller, Param, Patch } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { AdminRegistrationUpdate } from '../../admin-registration-update.decorator';
import { AdminRegistrationDto } from '../../../registrations/queries/list-registrations/admin-registration.response.dto';
import { GetAdminRegistrationQuery } from '../../../registrations/queries/list-registrations/get-admin-registration.query';
import { SetDreamCapturedCommand } from './set-dream-captured.command';
import { SetDreamCapturedRequestDto } from './set-dream-captured.request.dto';

@ApiTags('admin')
@Controller()
export class SetDreamCapturedHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Patch('api/admin/registrations/:id/dreamed-captured')
  @AdminRegistrationUpdate('setDreamCaptured', 'Set the dream-captured flag', 'DreamCapturedSet')
  async update(
    @Param('id') id: string,
    @Body() body: SetDreamCapturedRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    await this.commandBus.execute(new SetDreamCapturedCommand(id, body.dreamedCaptured, actor));
    return this.queryBus.execute(new GetAdminRegistrationQuery(id));
  }
}
