import { Module } from '@nestjs/common';
import { RegistrationsModule } from '../registrations/registrations.module';
import { CheckoutModule } from '../checkout/checkout.module';
import { ConfirmWaitlistHandler } from './commands/confirm-waitlist/confirm-waitlist.handler';
import { ConfirmWaitlistHttpController } from './commands/confirm-waitlist/confirm-waitlist.http.controller';
import { DeleteRegistrationHandler } from './commands/delete-registration/delete-registration.handler';
import { DeleteRegistrationHttpController } from './commands/delete-registration/delete-registration.http.controller';
import { EditDreamHandler } from './commands/edit-dream/edit-dream.handler';
import { EditDreamHttpController } from './commands/edit-dream/edit-dream.http.controller';
import { SetDreamCapturedHandler } from './commands/set-dream-captured/set-dream-captured.handler';
import { SetDreamCapturedHttpController } from './commands/set-dream-captured/set-dream-captured.http.controller';
import { SetPaidFlagHandler } from './commands/set-paid-flag/set-paid-flag.handler';
import { SetPaidFlagHttpController } from './commands/set-paid-flag/set-paid-flag.http.controller';
import { CancelRegistrationHandler } from './commands/cancel-registration/cancel-registration.handler';
import { CancelRegistrationHttpController } from './commands/cancel-registration/cancel-registration.http.controller';

/**
 * The operator's actions on one registration from the Command Center: confirm from the waiting
 * list, cancel, delete (erase), the paid and dream-captured flags, the dream's text. Each is a
 * command; its HTTP answer is read afterwards through the registrations' query.
 */
@Module({
  imports: [RegistrationsModule, CheckoutModule],
  controllers: [
    ConfirmWaitlistHttpController,
    DeleteRegistrationHttpController,
    EditDreamHttpController,
    SetDreamCapturedHttpController,
    SetPaidFlagHttpController,
    CancelRegistrationHttpController,
  ],
  providers: [
    ConfirmWaitlistHandler,
    DeleteRegistrationHandler,
    EditDreamHandler,
    SetDreamCapturedHandler,
    SetPaidFlagHandler,
    CancelRegistrationHandler,
  ],
})
export class OperatorActionsModule {}
