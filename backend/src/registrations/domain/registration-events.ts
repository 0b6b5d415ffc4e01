import type { Locale } from '../../common/locale';

/**
 * The facts of a registration's life, past tense, each with the data it needs. Personal fields
 * (name, email, whatsapp, dream) are listed in PERSONAL_FIELDS: they are sealed with the
 * registration's own key when stored, and read back as absent once that key is shredded.
 */
export type Placement = 'seat' | 'waiting-list';

export interface RegistrationCreated {
  type: 'RegistrationCreated';
  data: {
    registrationId: string;
    event: string;
    time: string;
    locale: Locale;
    dreamedCaptured: boolean;
    placement: Placement;
    /** When the seat hold lapses unless paid; null on the waiting list. */
    holdExpiresAt: string | null;
    name?: string;
    email?: string;
    whatsapp?: string;
    dream?: string;
    /**
     * The client address the registration came from, as a hash (holdCapClientKey): unpaid
     * holds are capped per address. Sealed like the other personal fields.
     */
    clientKey?: string;
  };
}

export interface CheckoutSessionOpened {
  type: 'CheckoutSessionOpened';
  data: {
    registrationId: string;
    provider: string;
    sessionId: string;
    url: string;
    expiresAt: string;
    /**
     * What the page asks: the stop's price and currency when it was opened. A payment for this
     * session is checked against it, so a price changed later applies to new pages only. Absent
     * from sessions opened before it was kept: those are checked against the stop's price.
     */
    amountMinor?: number;
    currency?: string;
    /**
     * What the page pays for when it is not the seat itself: the difference of a move to a
     * dearer slot (MoveSeatHeld), paid on top of the seat's payment. Absent for a seat's page.
     */
    purpose?: 'move-difference';
  };
}

/**
 * The provider's ids of a payment in its books, kept for reconciliation with its payouts
 * (Stripe: ch_…, txn_…; the sandbox: ch_sandbox_…, txn_sandbox_…), and its fee in the balance's
 * currency (lower case, as Stripe writes it). Null where the provider did not say; absent from
 * events recorded before they were kept.
 */
export interface PaymentLedgerIds {
  chargeId?: string | null;
  balanceTransactionId?: string | null;
  feeMinor?: number | null;
  feeCurrency?: string | null;
}

/** The payment page could not be opened; the seat hold is given back. */
export interface CheckoutFailed {
  type: 'CheckoutFailed';
  data: { registrationId: string; reason: string };
}

export interface CheckoutExpired {
  type: 'CheckoutExpired';
  data: { registrationId: string; sessionId: string | null; reason: string };
}

export interface PaymentConfirmed {
  type: 'PaymentConfirmed';
  data: PaymentLedgerIds & {
    registrationId: string;
    sessionId: string;
    paymentIntentId: string | null;
    amountMinor: number;
    currency: string;
    providerEventId: string | null;
    /**
     * 'held' when the hold was still live; 'retaken' when a late payment found a free seat;
     * 'offered' when a waiting-list offer was taken up (its acceptance).
     */
    seat: 'held' | 'retaken' | 'offered';
  };
}

/**
 * Why money goes back: a payment that found no seat (late, with the slot full or closed for
 * registration, on the waiting list, after an erasure), a payment that does not match the slot's price or pays a seat a second time, and an
 * operator's deletion of a paid registration.
 */
export type RefundReason =
  | 'late-payment-no-free-seat'
  | 'late-payment-slot-closed'
  | 'no-seat'
  | 'registration-deleted'
  | 'amount-mismatch'
  | 'second-payment'
  | 'deleted-by-operator'
  | 'cancelled-by-operator'
  | 'cancelled-by-visitor'
  /** The part of what the seat paid that a move to a cheaper slot gives back. */
  | 'move-price-difference'
  /**
   * A move's difference paid when its seat was no longer held for it (the hold lapsed, the
   * booking was cancelled, moved elsewhere or handed on meanwhile): nothing for it to pay.
   */
  | 'move-difference-unused';

/**
 * Which refund of its payment a refund is: a payment may be refunded in parts (a move to a
 * cheaper slot gives part back, a later cancellation the rest), each part once. The first is 1;
 * a refund recorded before a payment could be refunded in parts carries none and is the first.
 */
export function refundNumberOf(data: { part?: number }): number {
  return data.part ?? 1;
}

/**
 * A payment is to be refunded: decided under the slot's lock, sent to the provider afterwards
 * (the refund worker), and answered by PaymentRefunded once the provider confirms. When the
 * payment itself was wrong (amount-mismatch, second-payment) this is also the record of the
 * anomaly, with what was expected.
 */
export interface RefundRequested {
  type: 'RefundRequested';
  data: {
    registrationId: string;
    sessionId: string | null;
    paymentIntentId: string;
    amountMinor: number;
    currency: string;
    reason: RefundReason;
    providerEventId: string | null;
    /** The slot's price, when the payment did not match it. */
    expectedAmountMinor?: number;
    expectedCurrency?: string;
    /** The charge refunded (the payment's, where the provider named it). */
    chargeId?: string | null;
    /** Which refund of the payment this is (refundNumberOf): absent for the first. */
    part?: number;
  };
}

export interface PaymentRefunded {
  type: 'PaymentRefunded';
  data: {
    registrationId: string;
    paymentIntentId: string | null;
    amountMinor: number;
    currency: string;
    reason: string;
    providerEventId: string | null;
    /** The provider's refund id (re_…): our own request's, or the provider's own refund's. */
    refundId?: string | null;
    /** The charge refunded and the refund's balance transaction, where the provider named them. */
    chargeId?: string | null;
    balanceTransactionId?: string | null;
    /** Which refund of the payment this confirms (refundNumberOf): absent for the first. */
    part?: number;
  };
}

export interface WaitlistConfirmed {
  type: 'WaitlistConfirmed';
  data: { registrationId: string };
}

export interface DreamEdited {
  type: 'DreamEdited';
  data: { registrationId: string; dream?: string };
}

export interface DreamShared {
  type: 'DreamShared';
  data: { registrationId: string; dreamId: string; dream?: string };
}

/**
 * An operator's payment fact: `paid` true records money taken by the operator (cash, a bank
 * transfer), which keeps a held or offered seat as a card payment does; false takes that back.
 * When taking it back returns the seat to a hold, `holdExpiresAt` is the hold's fresh deadline.
 */
export interface PaidFlagSet {
  type: 'PaidFlagSet';
  data: {
    registrationId: string;
    paid: boolean;
    holdExpiresAt?: string | null;
    /**
     * Recorded before a mark was a payment fact (schema 1): it set the flag and moved no seat, so
     * a hold marked paid then still lapsed. Such an event folds as it did when it was recorded.
     */
    flagOnly?: true;
  };
}

export interface DreamCapturedSet {
  type: 'DreamCapturedSet';
  data: { registrationId: string; dreamedCaptured: boolean };
}

/**
 * The dream as the performers will read it, approved by an operator on the slot's sheet
 * (anonymised, then reviewed). The original stays in its own events; this text is sealed like
 * them (a personal field), so an erasure shreds both.
 */
export interface SheetDreamApproved {
  type: 'SheetDreamApproved';
  data: {
    registrationId: string;
    /** The operator's session that approved it. */
    approvedBy: string;
    approvedAt: string;
    sheetDream?: string;
    /** The reviewer approved a text the anonymiser still finds personal, knowingly. */
    stillPersonalAccepted?: boolean;
  };
}

/**
 * The reviewer answered suspicions the anonymiser marked in the dream (replace or keep). The
 * answers name the words they are about, so they are sealed like the dream, and erased with it.
 */
export interface SheetSuspicionsAnswered {
  type: 'SheetSuspicionsAnswered';
  data: {
    registrationId: string;
    /** The operator's session that answered. */
    answeredBy: string;
    answeredAt: string;
    /** JSON of the answers: [{ spanId, text, answer }]. */
    sheetAnswers?: string;
  };
}

/** Who cancelled: an operator from the Command Center, or the visitor from their email's link. */
export type CancelledBy = 'operator' | 'visitor';

/**
 * The registration is cancelled: its seat (or its place on the waiting list) is given up. The
 * person is kept (unlike RegistrationDeleted); a refund, when decided, is a RefundRequested
 * recorded beside it.
 */
export interface RegistrationCancelled {
  type: 'RegistrationCancelled';
  data: {
    registrationId: string;
    by: CancelledBy;
    refund: boolean;
    /** The operator's reason, given when cancelling past the door; sealed (it may name people). */
    cancellationNote?: string;
  };
}

/** A seat that freed is offered to this waiting-list entry, held for it until `expiresAt`. */
export interface WaitingListOfferMade {
  type: 'WaitingListOfferMade';
  data: { registrationId: string; expiresAt: string };
}

/** The offer was not paid in time (or given back): the seat goes to the next person waiting. */
export interface WaitingListOfferLapsed {
  type: 'WaitingListOfferLapsed';
  data: { registrationId: string; sessionId: string | null; reason: string };
}

/**
 * The person was let in at the door of their slot. `checkedInAt` is when the door saw them: the
 * door device's clock when it sent one (a check-in queued offline and synced later), never later
 * than the moment it was recorded. `device` names the door device, as the operator set it.
 */
export interface CheckedIn {
  type: 'CheckedIn';
  data: {
    registrationId: string;
    checkedInAt: string;
    deviceTime: string | null;
    device: string | null;
    /**
     * The operator who let them in (their id; 'owner' for the password login), so the door names
     * a person, not a phone. Absent from check-ins recorded before it was kept.
     */
    operatorId?: string;
    /** How the door found them: a scanned ticket (with its key), or by name. */
    via: 'ticket' | 'search';
    keyId?: string;
  };
}

/** A check-in taken back at the door (a wrong person tapped, a ticket scanned by mistake). */
export interface CheckInUndone {
  type: 'CheckInUndone';
  data: { registrationId: string; deviceTime: string | null; device: string | null };
}

/**
 * The person's seat number in their slot, given when the seat was taken for good (paid, or
 * confirmed from the waiting list): the lowest number no seated person of the slot holds. It
 * never changes while they keep the seat; once they give it up (cancelled, refunded, erased, a
 * cash mark taken back) the number is free for the next person seated.
 */
export interface SeatNumbered {
  type: 'SeatNumbered';
  data: { registrationId: string; seat: number };
}

/** The slot started and the person had not arrived; a later check-in still lets them in. */
export interface NoShowMarked {
  type: 'NoShowMarked';
  data: { registrationId: string };
}

/** Who changed a booking's slot or holder: an operator from the Command Center, or the visitor. */
export type ChangedBy = 'operator' | 'visitor';

/**
 * What became of the difference of price when a seat paid through the provider moved: the
 * visitor paid it (PriceDifferencePaid), it is refunded (RefundRequested, 'move-price-difference'),
 * or the operator waived it. Amounts in the minor unit of the seat's currency.
 */
export interface MoveDifference {
  amountMinor: number;
  currency: string;
  settled: 'paid' | 'refunded' | 'waived';
}

/**
 * The booking moved to another slot (of its event or another stop), with its person, their
 * dream and their payment: a seat to a seat of the target slot (its seat number given again
 * there), a waiting-list place to the target's list. Its old ticket names the old slot, so the
 * door refuses it; a new one is sent.
 */
export interface BookingMoved {
  type: 'BookingMoved';
  data: {
    registrationId: string;
    fromEvent: string;
    fromTime: string;
    event: string;
    time: string;
    by: ChangedBy;
    /** The difference of price, when the seat's money and the target's price differ. */
    difference?: MoveDifference;
  };
}

/**
 * A move to a dearer slot waits for its difference: a seat of the target slot is held for the
 * booking until `expiresAt` (counted there as taken) while the booking stays where it is. Paid
 * (PriceDifferencePaid, with BookingMoved), the booking moves into the held seat; otherwise the
 * seat goes back (MoveSeatReleased) and the booking is untouched.
 */
export interface MoveSeatHeld {
  type: 'MoveSeatHeld';
  data: {
    registrationId: string;
    event: string;
    time: string;
    /** The difference to pay, in the minor unit of `currency`. */
    amountMinor: number;
    currency: string;
    expiresAt: string;
    by: ChangedBy;
  };
}

/**
 * The seat held for a move went back without the move: its time lapsed unpaid, the booking was
 * cancelled, moved elsewhere or handed on, its payment page could not be opened, or it was paid
 * with a wrong amount. A payment of its page that arrives later is refunded.
 */
export interface MoveSeatReleased {
  type: 'MoveSeatReleased';
  data: {
    registrationId: string;
    event: string;
    time: string;
    sessionId: string | null;
    reason: MoveReleaseReason;
  };
}

export type MoveReleaseReason =
  | 'lapsed'
  | 'replaced'
  | 'cancelled'
  | 'deleted'
  | 'handed-on'
  | 'seat-refunded'
  | 'checkout-failed'
  | 'payment-refused'
  | 'already-registered'
  | 'past-the-door';

/**
 * The difference of a move to a dearer slot, paid through the provider: money received for the
 * seat on top of its first payment (refunded with it on a later cancellation). Recorded with the
 * BookingMoved it completes.
 */
export interface PriceDifferencePaid {
  type: 'PriceDifferencePaid';
  data: PaymentLedgerIds & {
    registrationId: string;
    sessionId: string;
    paymentIntentId: string | null;
    amountMinor: number;
    currency: string;
    providerEventId: string | null;
  };
}

/**
 * The booking was handed on to someone else (`to`, the registration the new person now holds,
 * created by BookingReceived in the same transaction). For this registration it ends as an
 * erasure does: its personal data key is shredded with it, the old person's dream included, and
 * its ticket no longer opens the door.
 */
export interface BookingHandedOn {
  type: 'BookingHandedOn';
  data: { registrationId: string; to: string; by: ChangedBy };
}

/**
 * A registration begun by taking a booking handed on (`from`): the seat as it stood, paid or
 * confirmed, with its payment where it was (the provider's ids, the amount), and the new
 * person's own name, email, phone and dream.
 */
export interface BookingReceived {
  type: 'BookingReceived';
  data: {
    registrationId: string;
    from: string;
    by: ChangedBy;
    event: string;
    time: string;
    locale: Locale;
    status: 'paid' | 'confirmed';
    paid: boolean;
    /** The payment's checkout, when it was paid through the provider. */
    stripeSessionId: string | null;
    paymentIntentId: string | null;
    /** What was paid through the provider, for a refund later; absent otherwise. */
    amountMinor?: number;
    currency?: string;
    /**
     * Every payment of the seat through the provider, with what of each was refunded already
     * (a move's difference paid on top, a cheaper move's part given back). Absent from bookings
     * handed on before a seat could have more than one: they carry the one payment above.
     */
    payments?: SeatPayment[];
    name?: string;
    email?: string;
    whatsapp?: string;
    dream?: string;
  };
}

/**
 * A payment through the provider that pays a seat, and what of it went back so far: the amount
 * refunded (asked, in flight or done) and how many refunds were asked (refundNumberOf).
 */
export interface SeatPayment {
  paymentIntentId: string;
  sessionId: string | null;
  amountMinor: number;
  currency: string;
  chargeId: string | null;
  refundedMinor: number;
  refunds: number;
}

export interface RegistrationDeleted {
  type: 'RegistrationDeleted';
  data: { registrationId: string };
}

export type RegistrationEvent =
  | RegistrationCreated
  | CheckoutSessionOpened
  | CheckoutFailed
  | CheckoutExpired
  | PaymentConfirmed
  | RefundRequested
  | PaymentRefunded
  | WaitlistConfirmed
  | DreamEdited
  | DreamShared
  | PaidFlagSet
  | DreamCapturedSet
  | SheetDreamApproved
  | SheetSuspicionsAnswered
  | RegistrationCancelled
  | WaitingListOfferMade
  | WaitingListOfferLapsed
  | CheckedIn
  | CheckInUndone
  | NoShowMarked
  | SeatNumbered
  | BookingMoved
  | BookingHandedOn
  | BookingReceived
  | MoveSeatHeld
  | MoveSeatReleased
  | PriceDifferencePaid
  | RegistrationDeleted;

export type RegistrationEventType = RegistrationEvent['type'];

export const PERSONAL_FIELDS = [
  'name',
  'email',
  'whatsapp',
  'dream',
  'clientKey',
  'sheetDream',
  'cancellationNote',
  'sheetAnswers',
] as const;

export const REGISTRATION_EVENT_TYPES: readonly RegistrationEventType[] = [
  'RegistrationCreated',
  'CheckoutSessionOpened',
  'CheckoutFailed',
  'CheckoutExpired',
  'PaymentConfirmed',
  'RefundRequested',
  'PaymentRefunded',
  'WaitlistConfirmed',
  'DreamEdited',
  'DreamShared',
  'PaidFlagSet',
  'DreamCapturedSet',
  'SheetDreamApproved',
  'SheetSuspicionsAnswered',
  'RegistrationCancelled',
  'WaitingListOfferMade',
  'WaitingListOfferLapsed',
  'CheckedIn',
  'CheckInUndone',
  'NoShowMarked',
  'SeatNumbered',
  'BookingMoved',
  'BookingHandedOn',
  'BookingReceived',
  'MoveSeatHeld',
  'MoveSeatReleased',
  'PriceDifferencePaid',
  'RegistrationDeleted',
];

/** The events that begin a registration's stream. */
export type RegistrationBeginning = RegistrationCreated | BookingReceived;

export function beginsRegistration(event: RegistrationEvent): event is RegistrationBeginning {
  return event.type === 'RegistrationCreated' || event.type === 'BookingReceived';
}

export function registrationStreamId(registrationId: string): string {
  return `registration-${registrationId}`;
}
