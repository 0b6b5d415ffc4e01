import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { AdminRegistrationUpdate } from '../../admin-registration-update.decorator';
import { AdminRegistrationDto } from '../../../registrations/queries/list-registrations/admin-registration.response.dto';
import { RegistrationChangeController } from '../../registration-change.controller';
import { EditDreamCommand } from './edit-dream.command';
import { EditDreamRequestDto } from './edit-dream.request.dto';

@ApiTags('admin')
@Controller()
export class EditDreamHttpController extends RegistrationChangeController {
  @Patch('api/admin/registrations/:id/dream')
  @AdminRegistrationUpdate('editDream', 'Replace the dream text', 'DreamEdited')
  update(
    @Param('id') id: string,
    @Body() body: EditDreamRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    return this.changed(new EditDreamCommand(id, body.dream, actor));
  }
}
