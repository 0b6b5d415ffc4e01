import { Injectable } from '@nestjs/common';
import type { EventMetadata } from '../event-store/event-store.types';
import {
  assertExists,
  awaitsPayment,
  type RegistrationState,
} from '../registrations/domain/registration';
import {
  InvalidTransitionError,
  RegistrationNotFoundError,
} from '../registrations/domain/registration-errors';
import type { RegistrationEvent } from '../registrations/domain/registration-events';
import { HoldSweeper } from './hold-sweeper';
import { RefundWorker } from './refund-worker';
import {
  RegistrationStore,
  type RegistrationTransaction,
} from '../registrations/registration-store';

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
    private readonly holds: HoldSweeper,
  ) {}

  /**
   * Before cancelling a seat held or offered unpaid, outside any transaction: its payment page
   * is closed with the provider by the hold sweeper's path (as the visitor's Give back does),
   * so that no payment arrives after the seat went back. A payment that landed meanwhile is
   * recorded and the cancellation refused: the seat is paid now, and whether its money goes
   * back is the canceller's to say. (A page opened after this one closed, an offer's link used
   * in between, is refunded if paid, as any payment for a cancelled registration.)
   */
  async closePaymentPage(registrationId: string, metadata: EventMetadata): Promise<void> {
    const { state } = await this.store.transaction((tx) => this.store.load(tx, registrationId));
    if (!state || !awaitsPayment(state.status) || !state.checkoutSessionId) return;
    const page = await this.holds.closePaymentPage(
      registrationId,
      state.checkoutSessionId,
      metadata,
    );
    if (page.paid && page.outcome === 'confirmed') {
      throw new InvalidTransitionError(
        'paid-just-now',
        'This seat was paid just now: look at it again before cancelling it.',
      );
    }
  }

  async record(
    tx: RegistrationTransaction,
    registrationId: string,
    decide: (state: RegistrationState) => RegistrationEvent[],
    metadata: EventMetadata,
  ): Promise<void> {
    const locked = await this.store.loadUnderSlotLock(tx, registrationId);
    if (!locked) throw new RegistrationNotFoundError();
    const { loaded } = locked;
    const state = assertExists(locked.state);
    const recorded = await this.store.append(tx, loaded, decide(state), metadata);
    await this.refunds.queue(tx, recorded);
  }
}
