import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { AdminRegistrationUpdate } from '../../admin-registration-update.decorator';
import { AdminRegistrationDto } from '../../../registrations/queries/list-registrations/admin-registration.response.dto';
import { RegistrationChangeController } from '../../registration-change.controller';
import { SetPaidFlagCommand } from './set-paid-flag.command';
import { SetPaidFlagRequestDto } from './set-paid-flag.request.dto';
import { only } from '../../../common/domain-error';
import { InvalidTransitionError } from '../../../registrations/domain/registration-errors';

@ApiTags('admin')
@Controller()
export class SetPaidFlagHttpController extends RegistrationChangeController {
  @Patch('api/admin/registrations/:id/paid')
  @AdminRegistrationUpdate('setPaidFlag', 'Set the paid flag', 'PaidFlagSet', {
    description:
      ' Marking paid a registration without a seat (waiting list, cancelled, released, refunded), or un-marking a card payment (refund it instead), is refused (409). Marking a held or offered seat paid keeps it as a paid seat; un-marking a seat the operator marked paid returns it to a hold with a fresh deadline (CHECKOUT_HOLD_MINUTES).',
    refusals: [only(InvalidTransitionError, 'no-seat-to-pay-for', 'paid-by-card')],
  })
  update(
    @Param('id') id: string,
    @Body() body: SetPaidFlagRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    return this.changed(new SetPaidFlagCommand(id, body.paid, actor));
  }
}
