import type { PaymentGateway } from '../payments/payment-gateway';
import { NO_LEDGER_IDS, type ReceivedPayment } from '../registrations/domain/payment-decisions';

/**
 * Where a payment sits in the provider's books (its charge, balance transaction and fee), asked
 * of the provider before the payment is recorded, never under a lock; none without a payment id.
 */
export async function paymentLedger(
  gateway: PaymentGateway,
  paymentIntentId: string | null,
): Promise<ReceivedPayment['ledger']> {
  return paymentIntentId ? gateway.paymentReference(paymentIntentId) : NO_LEDGER_IDS;
}
