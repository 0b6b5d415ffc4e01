import { Global, Module } from '@nestjs/common';
import { RegistrationSlots } from '../payments/registration-slots';
import { slotOfRegistration } from './queries/registration-reads';

/**
 * The floors below read a registration's slot through the core's read: the RegistrationSlots
 * port, provided here. Global, because the modules asking for it (payments, notifications) are
 * on floors below and cannot import this one.
 */
@Global()
@Module({
  providers: [
    {
      provide: RegistrationSlots,
      useValue: { slotOf: slotOfRegistration } satisfies RegistrationSlots,
    },
  ],
  exports: [RegistrationSlots],
})
export class RegistrationSlotsModule {}
