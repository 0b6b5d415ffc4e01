import {
  awaitsPayment,
  evolve,
  hasFreeSeat,
  holdsTicket,
  releaseMoveSeat,
  type RegistrationState,
  type SlotSeats,
} from './registration';
import {
  refundNumberOf,
  type MoveReleaseReason,
  type PaymentLedgerIds,
  type PaymentRefunded,
  type RefundReason,
  type RefundRequested,
  type RegistrationEvent,
  type SeatPayment,
} from './registration-events';

/**
 * What the payment provider's facts mean for a registration. Plain decisions over the state and
 * the history; the webhook and the sweeper record what these decide. Every function is safe to
 * call again with the same fact (replays, out-of-order deliveries): it then decides nothing.
 */

export interface ReceivedPayment {
  sessionId: string;
  paymentIntentId: string | null;
  amountMinor: number;
  currency: string;
  providerEventId: string | null;
  /** Where the payment sits in the provider's books; none when it names no payment. */
  ledger: Required<PaymentLedgerIds>;
}

/** A refund as the provider's books have it. */
export interface RefundLedgerIds {
  refundId: string | null;
  chargeId: string | null;
  balanceTransactionId: string | null;
}

export interface ReceivedRefund {
  paymentIntentId: string | null;
  amountMinor: number;
  currency: string;
  providerEventId: string | null;
  reason: string;
  ledger: RefundLedgerIds;
}

/** A payment the provider's books do not (yet) place. */
export const NO_LEDGER_IDS: Required<PaymentLedgerIds> = {
  chargeId: null,
  balanceTransactionId: null,
  feeMinor: null,
  feeCurrency: null,
};

export type { RefundReason };

/** What a seat in the slot costs: a payment confirms a seat only when it equals this. */
export interface SlotPrice {
  amountMinor: number;
  /** ISO 4217, any case (the catalogue says 'RON', Stripe 'ron'). */
  currency: string;
}

export type PaymentDecision =
  | { outcome: 'confirm'; events: RegistrationEvent[] }
  | { outcome: 'ignore'; why: string }
  /** RefundRequested (and, for a live hold paid wrongly, the hold's release). */
  | { outcome: 'refund'; reason: RefundReason; events: RegistrationEvent[] };

/** Whether the payment's refund number `number` was confirmed already (PaymentRefunded). */
function refundConfirmed(
  history: readonly RegistrationEvent[],
  paymentIntentId: string,
  number: number,
): boolean {
  return history.some(
    (event) =>
      event.type === 'PaymentRefunded' &&
      event.data.paymentIntentId === paymentIntentId &&
      refundNumberOf(event.data) === number,
  );
}

/** The payments whose money is already going back, or went back. */
function settledIntents(history: readonly RegistrationEvent[]): Set<string> {
  const intents = new Set<string>();
  for (const event of history) {
    if (
      (event.type === 'PaymentRefunded' || event.type === 'RefundRequested') &&
      event.data.paymentIntentId
    ) {
      intents.add(event.data.paymentIntentId);
    }
  }
  return intents;
}

/**
 * What the payment of `sessionId` was asked for: the price its page was opened with
 * (CheckoutSessionOpened), so a price or currency changed since applies to new pages only.
 * `current` (the stop's price now) for a session opened before pages kept their price, or one
 * the registration's history does not have.
 */
export function priceAsked(
  history: readonly RegistrationEvent[],
  sessionId: string,
  current: SlotPrice,
): SlotPrice {
  for (const event of history) {
    if (
      event.type === 'CheckoutSessionOpened' &&
      event.data.sessionId === sessionId &&
      event.data.amountMinor !== undefined &&
      event.data.currency !== undefined
    ) {
      return { amountMinor: event.data.amountMinor, currency: event.data.currency };
    }
  }
  return current;
}

function matchesPrice(payment: ReceivedPayment, price: SlotPrice): boolean {
  return (
    payment.amountMinor === price.amountMinor &&
    payment.currency.toLowerCase() === price.currency.toLowerCase()
  );
}

/** What a payment received records of itself (PaymentConfirmed, PriceDifferencePaid). */
function receivedFacts(registrationId: string, payment: ReceivedPayment) {
  return {
    registrationId,
    sessionId: payment.sessionId,
    paymentIntentId: payment.paymentIntentId,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    providerEventId: payment.providerEventId,
    ...payment.ledger,
  };
}

/**
 * A payment succeeded for this registration's checkout. It confirms a seat only when its amount
 * and currency are the slot's price: a live hold becomes a paid seat; a hold that already lapsed
 * takes a seat again if the slot has one free and still takes registrations (`registrationOpen`:
 * isOpenForRegistration). Every other payment is refunded: a wrong amount
 * (the anomaly recorded, and a live hold released, since its checkout is spent), a second
 * distinct payment for a seat already paid, a payment that finds no seat. The same payment
 * decided again (a webhook delivered twice, the sweeper) decides nothing.
 */
export function decidePayment(
  state: RegistrationState | undefined,
  history: readonly RegistrationEvent[],
  payment: ReceivedPayment,
  slot: SlotSeats,
  price: SlotPrice,
  registrationOpen = true,
): PaymentDecision {
  if (!state) return { outcome: 'ignore', why: 'unknown registration' };
  const intent = payment.paymentIntentId;
  if (intent && settledIntents(history).has(intent)) {
    return { outcome: 'ignore', why: 'this payment is already refunded' };
  }
  if (intent && (intent === state.paymentIntentId || paymentRecorded(state, intent))) {
    return { outcome: 'ignore', why: 'this payment is already recorded' };
  }
  const confirm = (seat: 'held' | 'retaken' | 'offered'): PaymentDecision => ({
    outcome: 'confirm',
    events: [
      {
        type: 'PaymentConfirmed',
        data: { ...receivedFacts(state.id, payment), seat },
      },
    ],
  });
  const refund = (reason: RefundReason): PaymentDecision => {
    if (!intent) return { outcome: 'ignore', why: `no payment id to refund (${reason})` };
    const events: RegistrationEvent[] = [
      refundOfReceivedPayment(
        state.id,
        payment,
        intent,
        reason,
        reason === 'amount-mismatch' ? price : undefined,
      ),
    ];
    if (state.status === 'held') {
      events.push({
        type: 'CheckoutExpired',
        data: { registrationId: state.id, sessionId: payment.sessionId, reason: 'payment-refused' },
      });
    }
    return { outcome: 'refund', reason, events };
  };
  if (!matchesPrice(payment, price)) return refund('amount-mismatch');
  switch (state.status) {
    case 'held':
      return confirm('held');
    case 'offered':
      return confirm('offered');
    case 'paid':
      return state.paymentIntentId === null && intent === null
        ? { outcome: 'ignore', why: 'already paid' }
        : refund('second-payment');
    case 'confirmed':
      return refund('second-payment');
    case 'refunded':
      return refund('no-seat');
    case 'released':
      if (!registrationOpen) return refund('late-payment-slot-closed');
      return hasFreeSeat(slot) ? confirm('retaken') : refund('late-payment-no-free-seat');
    case 'waiting':
    case 'cancelled':
      return refund('no-seat');
    case 'deleted':
      return refund('registration-deleted');
  }
}

/**
 * The provider confirmed a refund we asked (`request`): PaymentRefunded, once per refund of a
 * payment (the refund worker and the provider's own charge.refunded may both report it).
 */
export function confirmRefund(
  state: RegistrationState | undefined,
  history: readonly RegistrationEvent[],
  request: RefundRequested['data'],
  refund: RefundLedgerIds,
): RegistrationEvent[] {
  if (!state) return [];
  if (refundConfirmed(history, request.paymentIntentId, refundNumberOf(request))) return [];
  return [refundedAsRequested(state.id, request, null, refund)];
}

/** PaymentRefunded for a refund we asked, with the provider's ids where it gave them. */
function refundedAsRequested(
  registrationId: string,
  request: RefundRequested['data'],
  providerEventId: string | null,
  refund: RefundLedgerIds,
): PaymentRefunded {
  return {
    type: 'PaymentRefunded',
    data: {
      registrationId,
      paymentIntentId: request.paymentIntentId,
      amountMinor: request.amountMinor,
      currency: request.currency,
      reason: request.reason,
      providerEventId,
      refundId: refund.refundId,
      chargeId: refund.chargeId ?? request.chargeId ?? null,
      balanceTransactionId: refund.balanceTransactionId,
      ...(request.part === undefined ? {} : { part: request.part }),
    },
  };
}

/** The refunds asked of a payment, in the order asked. */
function refundRequestsOf(
  history: readonly RegistrationEvent[],
  paymentIntentId: string,
): RefundRequested['data'][] {
  return history.flatMap((event) =>
    event.type === 'RefundRequested' && event.data.paymentIntentId === paymentIntentId
      ? [event.data]
      : [],
  );
}

/** The refund `number` asked of a payment (the first when none is given), if it was asked. */
export function refundRequestFor(
  history: readonly RegistrationEvent[],
  paymentIntentId: string | null,
  number = 1,
): RefundRequested['data'] | undefined {
  if (!paymentIntentId) return undefined;
  return refundRequestsOf(history, paymentIntentId).find(
    (request) => refundNumberOf(request) === number,
  );
}

/**
 * The refund of what the registration's seat paid through the provider, for `reason` (an
 * operator's deletion or a cancellation): each of its payments (the first, and a move's
 * difference paid on top) for what of it has not gone back yet; none when nothing was paid
 * through the provider or all of it is already going back.
 */
export function refundSeatPayment(
  state: RegistrationState,
  reason: RefundReason,
): RegistrationEvent[] {
  if (state.status !== 'paid') return [];
  return refundsOfSeat(state, reason);
}

/**
 * RefundRequested for up to `amountMinor` (all that remains, when not given) of the seat's
 * payments: the latest first (a move's difference before the first payment), each refunded no
 * more than what remains of it, each refund numbered after that payment's earlier ones, so
 * that nothing is ever refunded beyond what was paid, and each refund is asked once.
 */
export function refundsOfSeat(
  state: Pick<RegistrationState, 'id' | 'payments'>,
  reason: RefundReason,
  amountMinor = Number.POSITIVE_INFINITY,
): RefundRequested[] {
  let left = amountMinor;
  const refunds: RefundRequested[] = [];
  for (const payment of [...state.payments].reverse()) {
    const remaining = payment.amountMinor - payment.refundedMinor;
    if (left <= 0) break;
    if (remaining <= 0) continue;
    const part = Math.min(remaining, left);
    left -= part;
    refunds.push(refundOfPayment(state.id, payment, part, reason));
  }
  return refunds;
}

/**
 * The whole of a payment just received going back (`reason`), with what was expected when it
 * was the wrong amount: a seat's payment and a move's difference refuse a payment alike.
 */
function refundOfReceivedPayment(
  registrationId: string,
  payment: ReceivedPayment,
  paymentIntentId: string,
  reason: RefundReason,
  expected?: { amountMinor: number; currency: string },
): RefundRequested {
  return {
    type: 'RefundRequested',
    data: {
      registrationId,
      sessionId: payment.sessionId,
      paymentIntentId,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      reason,
      providerEventId: payment.providerEventId,
      ...(expected
        ? { expectedAmountMinor: expected.amountMinor, expectedCurrency: expected.currency }
        : {}),
      chargeId: payment.ledger.chargeId,
    },
  };
}

function refundOfPayment(
  registrationId: string,
  payment: SeatPayment,
  amountMinor: number,
  reason: RefundReason,
): RefundRequested {
  const number = payment.refunds + 1;
  return {
    type: 'RefundRequested',
    data: {
      registrationId,
      sessionId: payment.sessionId,
      paymentIntentId: payment.paymentIntentId,
      amountMinor,
      currency: payment.currency,
      reason,
      providerEventId: null,
      chargeId: payment.chargeId,
      // The first refund of a payment carries no number, as every refund did before.
      ...(number === 1 ? {} : { part: number }),
    },
  };
}

/** Whether `paymentIntentId` is one of the seat's payments already. */
function paymentRecorded(state: RegistrationState, paymentIntentId: string): boolean {
  return state.payments.some((payment) => payment.paymentIntentId === paymentIntentId);
}

/**
 * The provider's payment that pays the seat, as recorded: by its confirmation, or, for a booking
 * handed on, as it came with the seat (BookingReceived). Null when the seat is not paid through
 * the provider.
 */
export function seatPaymentOf(
  state: Pick<RegistrationState, 'paymentIntentId'>,
  history: readonly RegistrationEvent[],
): {
  sessionId: string | null;
  amountMinor: number;
  currency: string;
  chargeId: string | null;
} | null {
  if (!state.paymentIntentId) return null;
  for (const event of history) {
    if (event.type === 'PaymentConfirmed' && event.data.paymentIntentId === state.paymentIntentId) {
      const { sessionId, amountMinor, currency } = event.data;
      return { sessionId, amountMinor, currency, chargeId: event.data.chargeId ?? null };
    }
    if (
      event.type === 'BookingReceived' &&
      event.data.paymentIntentId === state.paymentIntentId &&
      event.data.amountMinor !== undefined &&
      event.data.currency !== undefined
    ) {
      const { stripeSessionId, amountMinor, currency } = event.data;
      // The charge is the provider's to find again by the payment intent.
      return { sessionId: stripeSessionId, amountMinor, currency, chargeId: null };
    }
  }
  return null;
}

/**
 * An operator deletes a registration: when it was paid through the provider and the operator
 * chose to refund, the payment is refunded (decided here, sent by the refund worker).
 */
export function refundOnDeletion(state: RegistrationState, refund: boolean): RegistrationEvent[] {
  return refund ? refundSeatPayment(state, 'deleted-by-operator') : [];
}

/**
 * Whether the registration's seat was paid through the provider, so that deleting or
 * cancelling it refunds that money (a seat confirmed from the waiting list was not paid).
 */
export function paidThroughProvider(state: RegistrationState): boolean {
  return state.status === 'paid' && state.paymentIntentId !== null;
}

/**
 * The checkout session closed without payment: the hold is released, unless the registration
 * is paid (an 'expired' that arrives after 'completed' changes nothing) or the session is not
 * the registration's current one. The end of a move's difference page releases the seat held
 * for the move.
 */
export function decideCheckoutExpired(
  state: RegistrationState | undefined,
  sessionId: string | null,
  reason: string,
): RegistrationEvent[] {
  if (state?.pendingMove && sessionId && state.pendingMove.sessionId === sessionId) {
    return releaseMoveSeat(state, 'lapsed');
  }
  if (!state || !awaitsPayment(state.status)) return [];
  if (sessionId && state.checkoutSessionId && state.checkoutSessionId !== sessionId) return [];
  if (state.status === 'offered') {
    // An offer's payment page lives as long as the offer (WAITING_LIST_OFFER_MINUTES is at most
    // Stripe's 24 hours; Stripe keeps a page at least 30 minutes, and the sweeper closes it when
    // a shorter offer lapses), so its end, the sweeper's or the visitor's giving back ends the offer.
    return [
      { type: 'WaitingListOfferLapsed', data: { registrationId: state.id, sessionId, reason } },
    ];
  }
  return [{ type: 'CheckoutExpired', data: { registrationId: state.id, sessionId, reason } }];
}

/**
 * The provider refunded a payment in full (its own charge.refunded: our refunds of it done, or
 * one made from its dashboard). Our refunds of that payment not yet confirmed are confirmed, as
 * asked; what the provider refunded beyond everything asked of it (a dashboard's refund) is
 * recorded as a refund of its own, numbered after the others; a delivery that adds nothing is
 * nothing. A refund that arrives before the payment itself is recorded too, so the late payment
 * is then ignored instead of taking a seat.
 */
export function decideRefunded(
  state: RegistrationState | undefined,
  history: readonly RegistrationEvent[],
  refund: ReceivedRefund,
): RegistrationEvent[] {
  if (!state) return [];
  const intent = refund.paymentIntentId;
  if (!intent) {
    if (state.status === 'refunded') return [];
    return withMoveReleased(state, [providerRefund(state.id, refund, undefined)]);
  }
  // What each refund of the payment came to, asked or confirmed, by its number.
  const known = new Map<number, number>();
  const confirmed = new Set<number>();
  for (const event of history) {
    if (
      (event.type === 'RefundRequested' || event.type === 'PaymentRefunded') &&
      event.data.paymentIntentId === intent
    ) {
      known.set(refundNumberOf(event.data), event.data.amountMinor);
      if (event.type === 'PaymentRefunded') confirmed.add(refundNumberOf(event.data));
    }
  }
  const pending = refundRequestsOf(history, intent).filter(
    (request) => !confirmed.has(refundNumberOf(request)),
  );
  const newest = Math.max(0, ...known.keys());
  const events: RegistrationEvent[] = pending.map((request) =>
    refundedAsRequested(
      state.id,
      request,
      refund.providerEventId,
      // The delivery names the newest refund; the others keep the charge only.
      refundNumberOf(request) === newest
        ? refund.ledger
        : { refundId: null, chargeId: refund.ledger.chargeId, balanceTransactionId: null },
    ),
  );
  const accounted = [...known.values()].reduce((total, amount) => total + amount, 0);
  const beyond = refund.amountMinor - accounted;
  if (beyond > 0) {
    events.push(
      providerRefund(
        state.id,
        { ...refund, amountMinor: beyond },
        newest === 0 ? undefined : newest + 1,
      ),
    );
  }
  return withMoveReleased(state, events);
}

/** PaymentRefunded of a refund the provider made by itself (not asked here). */
function providerRefund(
  registrationId: string,
  refund: ReceivedRefund,
  number: number | undefined,
): PaymentRefunded {
  return {
    type: 'PaymentRefunded',
    data: {
      registrationId,
      paymentIntentId: refund.paymentIntentId,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      reason: refund.reason,
      providerEventId: refund.providerEventId,
      ...refund.ledger,
      ...(number === undefined ? {} : { part: number }),
    },
  };
}

/**
 * The events, and before them the release of a seat held for the booking's move when they
 * leave it without a seat (a refund at the provider gave the seat back).
 */
function withMoveReleased(
  state: RegistrationState,
  events: RegistrationEvent[],
): RegistrationEvent[] {
  if (!state.pendingMove || events.length === 0) return events;
  const after = events.reduce<RegistrationState>(evolve, state);
  if (holdsTicket(after.status)) return events;
  return [...releaseMoveSeat(state, 'seat-refunded'), ...events];
}

/** Whether `sessionId` is the page of a move's difference in the registration's history. */
export function isDifferenceSession(
  history: readonly RegistrationEvent[],
  sessionId: string,
): boolean {
  return history.some(
    (event) =>
      event.type === 'CheckoutSessionOpened' &&
      event.data.sessionId === sessionId &&
      event.data.purpose === 'move-difference',
  );
}

/** Where the move waiting for this payment would take the booking, as read under its locks. */
export interface DifferenceTarget {
  /** Whether the person's email already keeps a place in the target slot. */
  emailKeepsPlace: boolean;
}

/**
 * A payment of a move's difference page: while the seat is still held for that move and the
 * payment is the difference asked, the booking moves into the held seat (BookingMoved) and the
 * payment is the seat's too (PriceDifferencePaid). Every other such payment goes back whole: the
 * seat no longer held for it (the hold lapsed, the booking was cancelled, moved elsewhere or
 * handed on: 'move-difference-unused'), a wrong amount (its seat released, since its page is
 * spent), a person let in at their door meanwhile, or an email that took a place in the target
 * meanwhile. The same payment decided again decides nothing.
 */
export function decideDifferencePayment(
  state: RegistrationState | undefined,
  history: readonly RegistrationEvent[],
  payment: ReceivedPayment,
  target: DifferenceTarget,
): PaymentDecision {
  if (!state) return { outcome: 'ignore', why: 'unknown registration' };
  const intent = payment.paymentIntentId;
  if (intent && (settledIntents(history).has(intent) || paymentRecorded(state, intent))) {
    return { outcome: 'ignore', why: 'this payment is already recorded' };
  }
  const refund = (
    reason: RefundReason,
    release: MoveReleaseReason | null,
    expected?: { amountMinor: number; currency: string },
  ): PaymentDecision => {
    if (!intent) return { outcome: 'ignore', why: `no payment id to refund (${reason})` };
    return {
      outcome: 'refund',
      reason,
      events: [
        ...(release ? releaseMoveSeat(state, release) : []),
        refundOfReceivedPayment(state.id, payment, intent, reason, expected),
      ],
    };
  };
  const pending = state.pendingMove;
  if (!pending || pending.sessionId !== payment.sessionId || !holdsTicket(state.status)) {
    return refund('move-difference-unused', null);
  }
  if (!matchesPrice(payment, pending)) return refund('amount-mismatch', 'payment-refused', pending);
  if (state.checkedInAt !== null) return refund('move-difference-unused', 'past-the-door');
  if (target.emailKeepsPlace) return refund('move-difference-unused', 'already-registered');
  return {
    outcome: 'confirm',
    events: [
      {
        type: 'BookingMoved',
        data: {
          registrationId: state.id,
          fromEvent: state.event,
          fromTime: state.time,
          event: pending.event,
          time: pending.time,
          by: pending.by,
          difference: {
            amountMinor: payment.amountMinor,
            currency: pending.currency,
            settled: 'paid',
          },
        },
      },
      {
        type: 'PriceDifferencePaid',
        data: receivedFacts(state.id, payment),
      },
    ],
  };
}

/**
 * The seat held for a move whose time has come goes back, when it is still held for that very
 * move (its page `sessionId`, none when none was opened, and its expiry as the sweeper found
 * it): the sweeper, once it has closed the page with the provider and found it unpaid. A move
 * asked again meanwhile is another hold, and stays.
 */
export function decideMoveLapsed(
  state: RegistrationState | undefined,
  sessionId: string | null,
  expiresAt: Date,
): RegistrationEvent[] {
  const pending = state?.pendingMove;
  if (!state || !pending || pending.sessionId !== sessionId) return [];
  if (new Date(pending.expiresAt).getTime() !== expiresAt.getTime()) return [];
  return releaseMoveSeat(state, 'lapsed');
}
