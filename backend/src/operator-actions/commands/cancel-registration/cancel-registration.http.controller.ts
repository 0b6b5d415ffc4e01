import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentAdmin } from '../../../auth/admin-only.decorator';
import { type AdminActor } from '../../../auth/admin-actor';
import { AdminRegistrationDto } from '../../../registrations/queries/list-registrations/admin-registration.response.dto';
import { RegistrationChangeController } from '../../registration-change.controller';
import { CancelRegistrationCommand } from './cancel-registration.command';
import { CancelRegistrationRequestDto } from './cancel-registration.request.dto';
import { OperatorCommand } from '../../../auth/admin-only.decorator';
import { only } from '../../../common/domain-error';
import { ConcurrentChange } from '../../../common/request-errors';
import { PaymentProviderError } from '../../../payments/payment-gateway';
import {
  CancellationNoteRequiredError,
  InvalidTransitionError,
  RegistrationNotFoundError,
} from '../../../registrations/domain/registration-errors';

@ApiTags('admin')
@Controller()
export class CancelRegistrationHttpController extends RegistrationChangeController {
  @Post('api/admin/registrations/:id/cancel')
  @OperatorCommand('refunds', {
    operationId: 'cancelRegistration',
    summary: 'Cancel a registration, with or without a refund',
    description:
      "Records RegistrationCancelled (the seat or the waiting place goes back, and is offered to the next person waiting) and queues the visitor's email. A seat held or offered unpaid has its payment page closed with the provider first, so it cannot be paid afterwards (a 502 when the provider cannot close it: nothing was cancelled). With refund=true and a seat paid through the payment provider, RefundRequested is recorded too and the refund leaves through the outbox (PaymentRefunded once the provider confirms). Unlike Delete, the person's data is kept. Past the door (the person checked in, or the slot begun) the visitor can no longer cancel, but an operator still may, giving a `reason`.",
    ok: AdminRegistrationDto,
    okDescription: 'The registration, cancelled.',
    refusals: [
      RegistrationNotFoundError,
      CancellationNoteRequiredError,
      only(InvalidTransitionError, 'already-cancelled', 'nothing-to-cancel', 'paid-just-now'),
      PaymentProviderError,
      ConcurrentChange,
    ],
  })
  cancel(
    @Param('id') id: string,
    @Body() body: CancelRegistrationRequestDto,
    @CurrentAdmin() actor: AdminActor,
  ): Promise<AdminRegistrationDto> {
    return this.changed(new CancelRegistrationCommand(id, actor, body.refund, body.reason));
  }
}
