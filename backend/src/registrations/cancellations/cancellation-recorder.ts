import { Injectable } from '@nestjs/common';
import type { EventMetadata } from '../../event-store/event-store.types';
import { enqueueNotification } from '../../notifications/outbox';
import { OutboxWorker } from '../../notifications/outbox-worker';
import { assertExists, type RegistrationState } from '../domain/registration';
import type { RegistrationEvent } from '../domain/registration-events';
import { enqueueRefunds, RefundWorker } from '../payments/refund-worker';
import { RegistrationStore, type RegistrationTransaction } from '../registration-store';

/**
 * Records a cancellation, the operator's or the visitor's, in the caller's transaction: under
 * the slot's lock (a seat or a waiting place goes back), the events `decide` answers
 * (RegistrationCancelled, and RefundRequested when money goes back), the refund queued for the
 * refund worker, and the visitor's email; the workers are woken after COMMIT. The seat that
 * freed is offered to the next person waiting by the offer worker (the capacity change wakes it).
 */
@Injectable()
export class CancellationRecorder {
  constructor(
    private readonly store: RegistrationStore,
    private readonly refunds: RefundWorker,
    private readonly outbox: OutboxWorker,
  ) {}

  async record(
    tx: RegistrationTransaction,
    registrationId: string,
    decide: (state: RegistrationState, history: RegistrationEvent[]) => RegistrationEvent[],
    metadata: EventMetadata,
  ): Promise<void> {
    const { event, time } = assertExists((await this.store.load(tx, registrationId)).state);
    await tx.lockSlot(event, time);
    const loaded = await this.store.load(tx, registrationId);
    const state = assertExists(loaded.state);
    const history = loaded.history.map((item) => item.event);
    const recorded = await this.store.append(tx, loaded, decide(state, history), metadata);
    const cancelled = recorded.find((item) => item.event.type === 'RegistrationCancelled');
    if (!cancelled || cancelled.event.type !== 'RegistrationCancelled') return;
    const refund = recorded.find((item) => item.event.type === 'RefundRequested');
    await enqueueNotification(tx.manager, {
      kind: 'registration-cancelled',
      registrationId,
      payload: {
        by: cancelled.event.data.by,
        // Whether the seat had been paid: the email says so when its money is kept.
        paid: state.status === 'paid',
        refund: cancelled.event.data.refund,
        ...(refund?.event.type === 'RefundRequested'
          ? { amountMinor: refund.event.data.amountMinor, currency: refund.event.data.currency }
          : {}),
      },
      causedByPosition: cancelled.recorded.globalPosition,
    });
    tx.afterCommit(() => this.outbox.nudge());
    if ((await enqueueRefunds(tx.manager, recorded)) > 0) {
      tx.afterCommit(() => this.refunds.nudge());
    }
  }
}
