import { Global, Module } from '@nestjs/common';
import { EarlierMessageFacts } from '../notifications/message-facts';
import { RegistrationSlots } from '../payments/registration-slots';
import { slotOfRegistration } from './queries/registration-reads';
import { earlierMessageFacts } from './registration-store';

/**
 * The ports through which the floors below read what the registrations know: a registration's
 * slot (RegistrationSlots) and an outbox row's facts queued before rows carried them
 * (EarlierMessageFacts). Global, because the modules asking for them (payments, notifications)
 * are on floors below and cannot import this one.
 */
@Global()
@Module({
  providers: [
    {
      provide: RegistrationSlots,
      useValue: { slotOf: slotOfRegistration } satisfies RegistrationSlots,
    },
    {
      provide: EarlierMessageFacts,
      useValue: { factsOf: earlierMessageFacts } satisfies EarlierMessageFacts,
    },
  ],
  exports: [RegistrationSlots, EarlierMessageFacts],
})
export class RegistrationPortsModule {}
