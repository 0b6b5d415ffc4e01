import type { ReceiptIssued } from './domain/money';
import type { RegistrationMessage } from './registration-messages';

/** What a receipt's email carries: the receipt as the log gave it, and when it was given. */
export interface ReceiptPayload extends Record<string, unknown> {
  receipt: ReceiptIssued['data'];
  issuedAt: string;
}

/**
 * The visitor's emails for receipts just given: one a receipt, with its PDF (a pure function of
 * the facts, for the store to queue in the transaction that gave them).
 */
export function receiptMessagesOf(
  recorded: readonly { event: ReceiptIssued; globalPosition: number; recordedAt: Date }[],
): RegistrationMessage[] {
  return recorded.map(({ event, globalPosition, recordedAt }) => {
    const payload: ReceiptPayload = { receipt: event.data, issuedAt: recordedAt.toISOString() };
    return {
      kind: event.data.kind === 'refund' ? 'refund-receipt' : 'payment-receipt',
      registrationId: event.data.registrationId,
      payload,
      causedByPosition: globalPosition,
    };
  });
}
