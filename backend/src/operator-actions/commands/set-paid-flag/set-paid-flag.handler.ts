import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { adminMetadata } from '../../../auth/admin-actor';
import { assertRegistrationId } from '../../../registrations/domain/registration-id';
import { setPaidFlag } from '../../../registrations/domain/operator-decisions';
import { RegistrationStore } from '../../../registrations/registration-store';
import { SetPaidFlagCommand } from './set-paid-flag.command';

/**
 * Records PaidFlagSet; the same value again records nothing. Un-marking an operator's payment
 * holds the seat again for the checkout's hold time.
 */
@CommandHandler(SetPaidFlagCommand)
export class SetPaidFlagHandler implements ICommandHandler<SetPaidFlagCommand> {
  constructor(
    private readonly store: RegistrationStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute(command: SetPaidFlagCommand): Promise<void> {
    const id = command.registrationId;
    assertRegistrationId(id);
    return this.store.transaction(async (tx) => {
      const loaded = await this.store.load(tx, id);
      const events = setPaidFlag(
        loaded.state,
        command.paid,
        new Date(),
        this.config.checkoutHoldMinutes,
      );
      await this.store.append(tx, loaded, events, adminMetadata(command.actor));
    });
  }
}
