import { Module } from '@nestjs/common';
import { RegistrationsModule } from '../registrations/registrations.module';
import { SeatLedgerModule } from '../seat-ledger/seat-ledger.module';
import { CheckoutModule } from '../checkout/checkout.module';
import { PayForOfferHandler } from './commands/pay-for-offer/pay-for-offer.handler';
import { PayForOfferHttpController } from './commands/pay-for-offer/pay-for-offer.http.controller';
import { WaitingListOfferWorker } from './waiting-list-offer-worker';

/** The waiting list: seats offered to who waits, in arrival order, and paying for an offer. */
@Module({
  imports: [RegistrationsModule, SeatLedgerModule, CheckoutModule],
  controllers: [PayForOfferHttpController],
  providers: [PayForOfferHandler, WaitingListOfferWorker],
  exports: [WaitingListOfferWorker],
})
export class WaitingListModule {}
