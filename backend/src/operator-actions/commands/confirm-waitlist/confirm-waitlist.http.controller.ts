import { Controller, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { AdminRegistrationDto } from '../../../registrations/queries/list-registrations/admin-registration.response.dto';
import { RegistrationChangeController } from '../../registration-change.controller';
import { ConfirmWaitlistCommand } from './confirm-waitlist.command';
import { OperatorCommand } from '../../../auth/admin-only.decorator';
import { only } from '../../../common/domain-error';
import { ConcurrentChange } from '../../../common/request-errors';
import {
  InvalidTransitionError,
  RegistrationNotFoundError,
  SlotFullError,
} from '../../../registrations/domain/registration-errors';

@ApiTags('admin')
@Controller()
export class ConfirmWaitlistHttpController extends RegistrationChangeController {
  @Post('api/admin/registrations/:id/confirm')
  @OperatorCommand('registrations', {
    operationId: 'confirmWaitlist',
    summary: 'Move a waiting-list entry onto a free seat',
    description: 'Records WaitlistConfirmed and queues the confirmation email.',
    ok: AdminRegistrationDto,
    refusals: [
      RegistrationNotFoundError,
      SlotFullError,
      only(InvalidTransitionError, 'already-confirmed', 'not-waiting'),
      ConcurrentChange,
    ],
  })
  confirm(
    @Param('id') id: string,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    return this.changed(new ConfirmWaitlistCommand(id, actor));
  }
}
