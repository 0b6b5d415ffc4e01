import { Body, Controller, Param, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { AdminRegistrationUpdate } from '../../admin-registration-update.decorator';
import { AdminRegistrationDto } from '../../queries/list-registrations/admin-registration.response.dto';
import { SetDreamCapturedCommand } from './set-dream-captured.command';
import { SetDreamCapturedRequestDto } from './set-dream-captured.request.dto';

@ApiTags('admin')
@Controller()
export class SetDreamCapturedHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Patch('api/admin/registrations/:id/dreamed-captured')
  @AdminRegistrationUpdate('setDreamCaptured', 'Set the dream-captured flag', 'DreamCapturedSet')
  update(
    @Param('id') id: string,
    @Body() body: SetDreamCapturedRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    return this.commandBus.execute(new SetDreamCapturedCommand(id, body.dreamedCaptured, actor));
  }
}
