import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { AdminRegistrationUpdate } from '../../admin-registration-update.decorator';
import { AdminRegistrationDto } from '../../../registrations/queries/list-registrations/admin-registration.response.dto';
import { RegistrationChangeController } from '../../registration-change.controller';
import { SetDreamCapturedCommand } from './set-dream-captured.command';
import { SetDreamCapturedRequestDto } from './set-dream-captured.request.dto';

@ApiTags('admin')
@Controller()
export class SetDreamCapturedHttpController extends RegistrationChangeController {
  @Patch('api/admin/registrations/:id/dreamed-captured')
  @AdminRegistrationUpdate('setDreamCaptured', 'Set the dream-captured flag', 'DreamCapturedSet')
  update(
    @Param('id') id: string,
    @Body() body: SetDreamCapturedRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    return this.changed(new SetDreamCapturedCommand(id, body.dreamedCaptured, actor));
  }
}
