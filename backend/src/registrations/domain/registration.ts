import {
  DuplicateRegistrationError,
  InvalidTransitionError,
  PastTheDoorError,
  RegistrationNotFoundError,
  SharedDreamLimitError,
  UnpaidHoldsCapError,
} from './registration-errors';
import {
  beginsRegistration,
  refundNumberOf,
  type BookingReceived,
  type ChangedBy,
  type MoveReleaseReason,
  type Placement,
  type RegistrationBeginning,
  type RegistrationEvent,
  type SeatPayment,
} from './registration-events';
import type { Locale } from '../../common/locale';
import { emailKey } from './registration-rules';

/**
 * Where a registration stands:
 * - held: a seat is kept while the visitor pays;
 * - paid: the seat is paid for;
 * - waiting: on the waiting list, no seat, nothing paid;
 * - offered: a seat that freed is held for this waiting-list entry while they pay (an offer);
 * - confirmed: moved from the waiting list onto a seat by an operator;
 * - cancelled: cancelled by an operator or by the visitor; the seat or the waiting place went
 *   back (the money too, when a refund was asked: PaymentRefunded leaves it cancelled);
 * - released: the hold lapsed or the payment page failed; the seat went back;
 * - refunded: the payment was refunded and the seat went back;
 * - deleted: erased by an operator.
 */
export const REGISTRATION_STATUSES = [
  'held',
  'offered',
  'paid',
  'waiting',
  'confirmed',
  'cancelled',
  'released',
  'refunded',
  'deleted',
] as const;

export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The statuses a registration that still exists can have (a deleted one is gone). */
export const EXISTING_REGISTRATION_STATUSES = REGISTRATION_STATUSES.filter(
  (status) => status !== 'deleted',
);

/**
 * The seat rule, the one place it is written: which registrations take a seat, and whether a
 * slot has one free. Everything that gives or counts seats (registering, a late payment, an
 * operator's confirmation, the capacity read model) asks these; the database only guards the
 * result (slot_capacity's CHECK (seats_taken <= seat_limit)).
 */
export const SEAT_OCCUPYING_STATUSES: readonly RegistrationStatus[] = [
  'held',
  'offered',
  'paid',
  'confirmed',
];

/** A slot's seats as read under its lock: how many it has, how many are taken. */
export interface SlotSeats {
  seatLimit: number;
  seatsTaken: number;
}

export function freeSeats(slot: SlotSeats): number {
  return Math.max(0, slot.seatLimit - slot.seatsTaken);
}

export function hasFreeSeat(slot: SlotSeats): boolean {
  return freeSeats(slot) > 0;
}

export interface RegistrationState {
  id: string;
  event: string;
  time: string;
  locale: Locale;
  status: RegistrationStatus;
  paid: boolean;
  dreamedCaptured: boolean;
  holdExpiresAt: string | null;
  checkoutSessionId: string | null;
  stripeSessionId: string | null;
  /** The provider's id of the payment that paid the seat (PaymentConfirmed). */
  paymentIntentId: string | null;
  /** The client address's hash, for the cap on unpaid holds per address. */
  clientKey: string | null;
  name: string | null;
  email: string | null;
  whatsapp: string | null;
  dream: string | null;
  sharedDreams: number;
  /** The dream as approved for the performers' sheet; none until approved, or after an edit. */
  sheetDream: string | null;
  sheetDreamApprovedBy: string | null;
  sheetDreamApprovedAt: string | null;
  /** The approved text still looked personal, and the reviewer approved it knowingly. */
  sheetStillPersonalAccepted: boolean;
  /** The reviewer's answers to the anonymiser's suspicions, the latest for each; gone on an edit. */
  sheetAnswers: readonly SheetAnswerRecord[];
  /** When the door let them in (CheckedIn), and by which door device; null until then. */
  checkedInAt: string | null;
  checkedInBy: string | null;
  /** The operator who let them in (their id), when the check-in names one. */
  checkedInOperator: string | null;
  /** The seat number recorded for them (SeatNumbered) while they hold a ticket; null otherwise. */
  seatNumber: number | null;
  /**
   * Marked a no-show once the slot started without them. A later check-in stands above the mark
   * (doorState) and does not erase it, so an undone check-in is a no-show again.
   */
  noShow: boolean;
  /**
   * The seat's payments through the provider (its first, and a move's difference paid on top),
   * each with what of it went back so far; none for a seat paid at the desk or not paid.
   */
  payments: readonly SeatPayment[];
  /** A move to a dearer slot waiting for its difference: the seat held there for it. */
  pendingMove: PendingMove | null;
}

/** The seat a move to a dearer slot holds in its target while the difference is paid. */
export interface PendingMove {
  event: string;
  time: string;
  /** The difference to pay, in the minor unit of `currency`. */
  amountMinor: number;
  currency: string;
  expiresAt: string;
  /** The difference's payment page, once opened. */
  sessionId: string | null;
  by: ChangedBy;
}

/** The seat held for the booking's move goes back (none when no move waits). */
export function releaseMoveSeat(
  state: Pick<RegistrationState, 'id' | 'pendingMove'>,
  reason: MoveReleaseReason,
): RegistrationEvent[] {
  const pending = state.pendingMove;
  if (!pending) return [];
  return [
    {
      type: 'MoveSeatReleased',
      data: {
        registrationId: state.id,
        event: pending.event,
        time: pending.time,
        sessionId: pending.sessionId,
        reason,
      },
    },
  ];
}

/** What the seat's payments through the provider hold now: paid, less what went back. */
export function netPaid(
  payments: readonly SeatPayment[],
): { amountMinor: number; currency: string } | null {
  if (payments.length === 0) return null;
  return {
    amountMinor: payments.reduce(
      (total, payment) => total + Math.max(0, payment.amountMinor - payment.refundedMinor),
      0,
    ),
    currency: payments[0].currency.toUpperCase(),
  };
}

/** A refund of one of the seat's payments, counted once (by its number) against that payment. */
function withRefund(
  payments: readonly SeatPayment[],
  refund: { paymentIntentId: string | null; amountMinor: number; part?: number },
): readonly SeatPayment[] {
  const number = refundNumberOf(refund);
  const index = payments.findIndex((payment) => payment.paymentIntentId === refund.paymentIntentId);
  if (index < 0 || number <= payments[index].refunds) return payments;
  const next = [...payments];
  next[index] = {
    ...payments[index],
    refunds: number,
    refundedMinor: payments[index].refundedMinor + refund.amountMinor,
  };
  return next;
}

/** Refunds that give part of a seat's money back and keep the seat (a move's). */
const REFUNDS_KEEPING_THE_SEAT: readonly string[] = [
  'move-price-difference',
  'move-difference-unused',
];

/**
 * Who holds the money for a registration now: the card provider (a payment confirmed and not
 * refunded), the operator (marked paid by hand), or nobody.
 */
export type PaidBy = 'card' | 'operator';

export const PAID_BY: readonly PaidBy[] = ['card', 'operator'];

export function paidBy(state: Pick<RegistrationState, 'paid' | 'stripeSessionId'>): PaidBy | null {
  if (!state.paid) return null;
  return state.stripeSessionId === null ? 'operator' : 'card';
}

/** A seat paid by an operator's mark (cash), not by a card payment the provider confirmed. */
export function isPaidByOperator(
  state: Pick<RegistrationState, 'status' | 'paid' | 'stripeSessionId'>,
): boolean {
  return state.status === 'paid' && paidBy(state) === 'operator';
}

export type ExistingRegistrationStatus = Exclude<RegistrationStatus, 'deleted'>;

/**
 * The Command Center's status filter (and badge) of each status: SPEC's CONFIRMED for a paid
 * seat or one confirmed from the waiting list, WAITING for the waiting list, and every other
 * state by its own name. Each status is listed under exactly one filter, so the filters' counts
 * add up to the whole list.
 */
export const LISTED_AS = {
  paid: 'confirmed',
  confirmed: 'confirmed',
  waiting: 'waiting',
  held: 'held',
  offered: 'offered',
  cancelled: 'cancelled',
  released: 'released',
  refunded: 'refunded',
} as const satisfies Record<ExistingRegistrationStatus, string>;

export type StatusFilter = (typeof LISTED_AS)[ExistingRegistrationStatus];

export const STATUS_FILTERS: readonly StatusFilter[] = [...new Set(Object.values(LISTED_AS))];

/** The statuses each filter lists. */
export function statusesListedAs(filter: StatusFilter): ExistingRegistrationStatus[] {
  return (Object.keys(LISTED_AS) as ExistingRegistrationStatus[]).filter(
    (status) => LISTED_AS[status] === filter,
  );
}

/** The filter a registration in `status` is listed under (none once deleted). */
export function statusFilterOf(status: RegistrationStatus): StatusFilter | undefined {
  return status === 'deleted' ? undefined : LISTED_AS[status];
}

/**
 * Whether a registration may still share dreams: it keeps a seat or a waiting place. A
 * cancelled, released or refunded one has left the show.
 */
export function mayShareDreams(status: RegistrationStatus): boolean {
  return keepsPlace(status);
}

/**
 * Whether a registration has a ticket to show at the door: its seat is paid, or confirmed from
 * the waiting list. A hold or an offer not yet paid has none; a cancelled, released, refunded or
 * deleted one has lost it. The tickets, the pages that show them and the door list ask this.
 */
export function holdsTicket(status: RegistrationStatus): boolean {
  return status === 'paid' || status === 'confirmed';
}

/**
 * The statuses of the people seated for a performance (those holding a ticket), for queries'
 * SQL: the door list, the no-shows and the performers' sheet ask the same rule.
 */
export const TICKET_HOLDING_STATUSES: readonly RegistrationStatus[] =
  EXISTING_REGISTRATION_STATUSES.filter(holdsTicket);

/** Where a person stands at the door, from their registration's fold. */
export const DOOR_STATES = ['checked-in', 'not-arrived', 'no-show'] as const;

export type DoorState = (typeof DOOR_STATES)[number];

export function doorState(state: Pick<RegistrationState, 'checkedInAt' | 'noShow'>): DoorState {
  if (state.checkedInAt !== null) return 'checked-in';
  return state.noShow ? 'no-show' : 'not-arrived';
}

/**
 * Why a booking is past the door: its person was let in, or its slot has begun (`startsAt`, the
 * slot's start as the tour has it now); null before. From then on the visitor's own changes are
 * refused (assertVisitorMayChange) and the booking pages say why; an operator may still cancel,
 * with a reason (cancelRegistration). Every self-service path and the pages ask this one rule.
 */
export type PastTheDoor = 'checked-in' | 'started';

export function pastTheDoor(
  state: Pick<RegistrationState, 'checkedInAt'>,
  startsAt: Date | null | undefined,
  now: Date,
): PastTheDoor | null {
  if (state.checkedInAt !== null) return 'checked-in';
  if (startsAt && now.getTime() >= startsAt.getTime()) return 'started';
  return null;
}

/** The visitor's own change of a booking, refused once it is past the door (PastTheDoorError). */
export function assertVisitorMayChange(
  state: Pick<RegistrationState, 'checkedInAt'>,
  startsAt: Date | null | undefined,
  now: Date,
): void {
  const past = pastTheDoor(state, startsAt, now);
  if (past) throw new PastTheDoorError(past);
}

export function occupiesSeat(status: RegistrationStatus): boolean {
  return SEAT_OCCUPYING_STATUSES.includes(status);
}

/**
 * Whether a registration keeps its place in its slot (a seat, or a place on the waiting list):
 * while it does, the same email cannot register in that slot again. A released hold, a refund
 * or an erasure gives the place up.
 */
export function keepsPlace(status: RegistrationStatus): boolean {
  return status === 'waiting' || occupiesSeat(status);
}

/** A reviewer's answer to one suspicion: its span's id, the words it marked, replace or keep. */
export interface SheetAnswerRecord {
  spanId: string;
  text: string;
  answer: 'replace' | 'keep';
}

const NO_SHEET_DREAM = {
  sheetDream: null,
  sheetDreamApprovedBy: null,
  sheetDreamApprovedAt: null,
  sheetStillPersonalAccepted: false,
  sheetAnswers: [],
} as const satisfies Pick<
  RegistrationState,
  | 'sheetDream'
  | 'sheetDreamApprovedBy'
  | 'sheetDreamApprovedAt'
  | 'sheetStillPersonalAccepted'
  | 'sheetAnswers'
>;

/** The answers as recorded (sealed JSON); none once erased or unreadable. */
export function parseSheetAnswers(json: string | undefined): SheetAnswerRecord[] {
  if (json === undefined) return [];
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (item): item is SheetAnswerRecord =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as SheetAnswerRecord).spanId === 'string' &&
      typeof (item as SheetAnswerRecord).text === 'string' &&
      ((item as SheetAnswerRecord).answer === 'replace' ||
        (item as SheetAnswerRecord).answer === 'keep'),
  );
}

/** The answers after `given`: each span's latest answer, in the order first answered. */
export function mergeSheetAnswers(
  earlier: readonly SheetAnswerRecord[],
  given: readonly SheetAnswerRecord[],
): SheetAnswerRecord[] {
  const merged = earlier.filter((old) => !given.some((item) => item.spanId === old.spanId));
  return [...merged, ...given];
}

/** State is only ever derived from the events. */
export function evolve(
  state: RegistrationState | undefined,
  event: RegistrationEvent,
): RegistrationState {
  if (beginsRegistration(event)) return begun(event);
  if (!state) throw new RegistrationNotFoundError();
  const next = evolveExisting(state, event);
  // A seat given up gives its number up with it, and any seat held for its move: the next
  // person seated may have them.
  if (holdsTicket(next.status)) return next;
  return next.seatNumber !== null || next.pendingMove !== null
    ? { ...next, seatNumber: null, pendingMove: null }
    : next;
}

/**
 * A registration as the event that begins its stream leaves it. One object literal with every
 * field, not a common part spread into each kind's: on Node 20's V8 a literal that adds fields
 * after a spread pays about a microsecond for each (a state built so took 22 µs, this one 0.02;
 * RESULTS.md), and every registration of a rush is begun here.
 */
function begun(event: RegistrationBeginning): RegistrationState {
  const data = event.data;
  // The seat and its payment differ: as it was handed on, with its payment where it was (the
  // person is the new one), or as the registration's placement gives it.
  const received = event.type === 'BookingReceived' ? event.data : undefined;
  const created = event.type === 'BookingReceived' ? undefined : event.data;
  return {
    id: data.registrationId,
    event: data.event,
    time: data.time,
    locale: data.locale,
    status: received ? received.status : created!.placement === 'seat' ? 'held' : 'waiting',
    paid: received ? received.paid : false,
    dreamedCaptured: received ? false : created!.dreamedCaptured,
    holdExpiresAt: received ? null : created!.holdExpiresAt,
    checkoutSessionId: received ? received.stripeSessionId : null,
    stripeSessionId: received ? received.stripeSessionId : null,
    paymentIntentId: received ? received.paymentIntentId : null,
    clientKey: received ? null : (created!.clientKey ?? null),
    name: data.name ?? null,
    email: data.email ?? null,
    whatsapp: data.whatsapp ?? null,
    dream: data.dream ?? null,
    sharedDreams: 0,
    sheetDream: NO_SHEET_DREAM.sheetDream,
    sheetDreamApprovedBy: NO_SHEET_DREAM.sheetDreamApprovedBy,
    sheetDreamApprovedAt: NO_SHEET_DREAM.sheetDreamApprovedAt,
    sheetStillPersonalAccepted: NO_SHEET_DREAM.sheetStillPersonalAccepted,
    sheetAnswers: NO_SHEET_DREAM.sheetAnswers,
    checkedInAt: null,
    checkedInBy: null,
    checkedInOperator: null,
    seatNumber: null,
    noShow: false,
    payments: received ? (received.payments ?? paymentHandedOn(received)) : [],
    pendingMove: null,
  };
}

/** A payment as it was received (PaymentConfirmed, PriceDifferencePaid): nothing refunded yet. */
function receivedPayment(
  paymentIntentId: string,
  received: {
    sessionId: string | null;
    amountMinor: number;
    currency: string;
    chargeId?: string | null;
  },
): SeatPayment {
  return {
    paymentIntentId,
    sessionId: received.sessionId,
    amountMinor: received.amountMinor,
    currency: received.currency,
    chargeId: received.chargeId ?? null,
    refundedMinor: 0,
    refunds: 0,
  };
}

/** The one payment a booking handed on carried before bookings carried all of theirs. */
function paymentHandedOn(received: BookingReceived['data']): SeatPayment[] {
  const { paymentIntentId, amountMinor, currency } = received;
  if (!paymentIntentId || amountMinor === undefined || currency === undefined) return [];
  return [
    receivedPayment(paymentIntentId, {
      sessionId: received.stripeSessionId,
      amountMinor,
      currency,
    }),
  ];
}

function evolveExisting(
  state: RegistrationState,
  event: Exclude<RegistrationEvent, RegistrationBeginning>,
): RegistrationState {
  switch (event.type) {
    case 'BookingMoved':
      // Another slot, another evening: its door has not seen them, and their seat there is
      // numbered again (SeatNumbered follows in the same append). A seat held for the move is
      // the one it takes.
      return {
        ...state,
        event: event.data.event,
        time: event.data.time,
        seatNumber: null,
        checkedInAt: null,
        checkedInBy: null,
        checkedInOperator: null,
        noShow: false,
        pendingMove: null,
      };
    case 'MoveSeatHeld':
      return {
        ...state,
        pendingMove: {
          event: event.data.event,
          time: event.data.time,
          amountMinor: event.data.amountMinor,
          currency: event.data.currency,
          expiresAt: event.data.expiresAt,
          sessionId: null,
          by: event.data.by,
        },
      };
    case 'MoveSeatReleased':
      return { ...state, pendingMove: null };
    case 'PriceDifferencePaid':
      return event.data.paymentIntentId === null
        ? state
        : {
            ...state,
            payments: [...state.payments, receivedPayment(event.data.paymentIntentId, event.data)],
          };
    case 'CheckoutSessionOpened':
      if (event.data.purpose === 'move-difference') {
        // The difference's page: the seat's own checkout is untouched.
        return state.pendingMove
          ? { ...state, pendingMove: { ...state.pendingMove, sessionId: event.data.sessionId } }
          : state;
      }
      return {
        ...state,
        checkoutSessionId: event.data.sessionId,
        // An offer is held until its own time, whatever the payment page's life.
        holdExpiresAt: state.status === 'offered' ? state.holdExpiresAt : event.data.expiresAt,
      };
    case 'CheckoutFailed':
    case 'CheckoutExpired':
      return state.status === 'held'
        ? { ...state, status: 'released', holdExpiresAt: null }
        : state;
    case 'WaitingListOfferMade':
      return { ...state, status: 'offered', holdExpiresAt: event.data.expiresAt };
    case 'WaitingListOfferLapsed':
      return state.status === 'offered'
        ? { ...state, status: 'released', holdExpiresAt: null }
        : state;
    case 'RegistrationCancelled':
      return { ...state, status: 'cancelled', holdExpiresAt: null };
    case 'PaymentConfirmed':
      return {
        ...state,
        status: 'paid',
        paid: true,
        holdExpiresAt: null,
        stripeSessionId: event.data.sessionId,
        paymentIntentId: event.data.paymentIntentId,
        payments:
          event.data.paymentIntentId === null
            ? []
            : [receivedPayment(event.data.paymentIntentId, event.data)],
      };
    case 'RefundRequested':
      // A decision to send money back; the seat moves only by the events recorded beside it.
      // What of the seat's payments goes back is counted now, so nothing is refunded twice.
      return { ...state, payments: withRefund(state.payments, event.data) };
    case 'PaymentRefunded': {
      // Only the refund of the payment that pays the seat gives the seat back (a refund made at
      // the provider, or one that arrives before its payment); a refund of a payment that was
      // never accepted (a wrong amount, a second payment) leaves the registration as it is, as
      // does a move's part given back.
      const refunded = { ...state, payments: withRefund(state.payments, event.data) };
      if (state.status === 'cancelled') {
        // The money of a cancelled registration went back; it stays cancelled.
        return state.paymentIntentId !== null &&
          event.data.paymentIntentId === state.paymentIntentId
          ? { ...refunded, paid: false }
          : refunded;
      }
      if (REFUNDS_KEEPING_THE_SEAT.includes(event.data.reason)) return refunded;
      return refundsTheSeat(state, event.data.paymentIntentId)
        ? { ...refunded, status: 'refunded', paid: false, holdExpiresAt: null }
        : refunded;
    }
    case 'WaitlistConfirmed':
      return { ...state, status: 'confirmed', holdExpiresAt: null };
    case 'DreamEdited':
      // The sheet's text was approved from the dream as it was: an edited dream is reviewed again.
      return { ...state, dream: event.data.dream ?? null, ...NO_SHEET_DREAM };
    case 'DreamShared':
      return { ...state, sharedDreams: state.sharedDreams + 1 };
    case 'PaidFlagSet':
      if (event.data.flagOnly) return { ...state, paid: event.data.paid };
      if (event.data.paid && awaitsPayment(state.status)) {
        // Money taken by an operator keeps the seat, as a card payment does.
        return { ...state, status: 'paid', paid: true, holdExpiresAt: null };
      }
      if (!event.data.paid && state.status === 'paid' && isPaidByOperator(state)) {
        return {
          ...state,
          status: 'held',
          paid: false,
          holdExpiresAt: event.data.holdExpiresAt ?? null,
        };
      }
      return { ...state, paid: event.data.paid };
    case 'DreamCapturedSet':
      return { ...state, dreamedCaptured: event.data.dreamedCaptured };
    case 'SheetDreamApproved':
      return {
        ...state,
        sheetDream: event.data.sheetDream ?? null,
        sheetDreamApprovedBy: event.data.approvedBy,
        sheetDreamApprovedAt: event.data.approvedAt,
        sheetStillPersonalAccepted: event.data.stillPersonalAccepted ?? false,
      };
    case 'SheetSuspicionsAnswered':
      return {
        ...state,
        sheetAnswers: mergeSheetAnswers(
          state.sheetAnswers,
          parseSheetAnswers(event.data.sheetAnswers),
        ),
      };
    case 'CheckedIn':
      // A no-show let in late keeps the mark beneath the check-in (doorState reads the check-in
      // first), so that undoing the check-in restores the state before it: no-show.
      return {
        ...state,
        checkedInAt: event.data.checkedInAt,
        checkedInBy: event.data.device,
        checkedInOperator: event.data.operatorId ?? null,
      };
    case 'CheckInUndone':
      return { ...state, checkedInAt: null, checkedInBy: null, checkedInOperator: null };
    case 'NoShowMarked':
      return { ...state, noShow: true };
    case 'SeatNumbered':
      return { ...state, seatNumber: event.data.seat };
    case 'BookingHandedOn':
    case 'RegistrationDeleted':
      return {
        ...state,
        status: 'deleted',
        holdExpiresAt: null,
        name: null,
        email: null,
        whatsapp: null,
        dream: null,
        clientKey: null,
        ...NO_SHEET_DREAM,
      };
  }
}

/**
 * The seat number of a registration that holds a ticket and has none yet (it was just paid, or
 * confirmed from the waiting list): the lowest number that no seated person of its slot holds
 * (`numbersInUse`, read under the slot's lock), so a number freed by a cancellation goes to the
 * next person seated, and nobody else's number moves. Nothing for anyone else.
 */
export function numberSeat(
  state: RegistrationState,
  numbersInUse: ReadonlySet<number>,
): RegistrationEvent[] {
  if (!holdsTicket(state.status) || state.seatNumber !== null) return [];
  let seat = 1;
  while (numbersInUse.has(seat)) seat += 1;
  return [{ type: 'SeatNumbered', data: { registrationId: state.id, seat } }];
}

function refundsTheSeat(state: RegistrationState, paymentIntentId: string | null): boolean {
  if (state.status === 'held') return true;
  if (state.status !== 'paid') return false;
  return (
    paymentIntentId === null ||
    state.paymentIntentId === null ||
    paymentIntentId === state.paymentIntentId
  );
}

export function replay(events: RegistrationEvent[]): RegistrationState | undefined {
  return events.reduce<RegistrationState | undefined>(evolve, undefined);
}

/** The registration's status after each of its events, in order: the fold, step by step. */
export function statusesAfterEach(events: RegistrationEvent[]): RegistrationStatus[] {
  let state: RegistrationState | undefined;
  return events.map((event) => (state = evolve(state, event)).status);
}

export interface RegisterInput {
  registrationId: string;
  event: string;
  time: string;
  locale: Locale;
  name: string;
  email: string;
  whatsapp: string;
  dream: string;
  dreamedCaptured: boolean;
  /** The client address's hash (see RegistrationCreated.clientKey); absent when unknown. */
  clientKey?: string;
}

/**
 * The cap on unpaid seat holds per client address: `limit` holds at once (0: no cap), and what
 * each address holds now, read under the slot's lock (with the addresses' own locks).
 */
export interface UnpaidHoldsCap {
  limit: number;
  held: ReadonlyMap<string, ClientHolds>;
}

export interface ClientHolds {
  count: number;
  /** When the first of those holds lapses, if none is paid meanwhile. */
  firstExpiresAt: Date | null;
}

/**
 * Decides where a new registration goes: a seat held until `holdMinutes` from now if the slot
 * has one free, the waiting list otherwise.
 */
export function register(
  input: RegisterInput,
  slot: SlotSeats,
  now: Date,
  holdMinutes: number,
): RegistrationEvent[] {
  const placement: Placement = hasFreeSeat(slot) ? 'seat' : 'waiting-list';
  return [
    {
      type: 'RegistrationCreated',
      data: {
        registrationId: input.registrationId,
        event: input.event,
        time: input.time,
        locale: input.locale,
        dreamedCaptured: input.dreamedCaptured,
        placement,
        holdExpiresAt:
          placement === 'seat'
            ? new Date(now.getTime() + holdMinutes * 60_000).toISOString()
            : null,
        name: input.name,
        email: input.email,
        whatsapp: input.whatsapp,
        dream: input.dream,
        ...(input.clientKey === undefined ? {} : { clientKey: input.clientKey }),
      },
    },
  ];
}

/**
 * Who gets the next seat: registrations that arrive together for one slot are decided in
 * arrival order, each against the seats those before it took, from the slot as read under its
 * lock. An email that keeps a place in the slot already (`emailsKeepingPlace`, by emailKey), or
 * that came earlier in the same arrivals, is refused as a duplicate. A client address that
 * already holds `cap.limit` unpaid seats gets no further seat (UnpaidHoldsCapError) while the
 * slot has one free; the waiting list is never capped.
 */
export function registerArrivals(
  arrivals: readonly RegisterInput[],
  slot: SlotSeats,
  emailsKeepingPlace: ReadonlySet<string>,
  now: Date,
  holdMinutes: number,
  cap: UnpaidHoldsCap = { limit: 0, held: new Map() },
): (RegistrationEvent[] | DuplicateRegistrationError | UnpaidHoldsCapError)[] {
  const taken = new Set(emailsKeepingPlace);
  const seats = { ...slot };
  const held = new Map(cap.held);
  return arrivals.map((input) => {
    const key = emailKey(input.email);
    if (taken.has(key)) return new DuplicateRegistrationError();
    const client = input.clientKey;
    const holds = client === undefined ? undefined : held.get(client);
    if (cap.limit > 0 && hasFreeSeat(seats) && holds && holds.count >= cap.limit) {
      return new UnpaidHoldsCapError(cap.limit, holds.firstExpiresAt, now);
    }
    taken.add(key);
    const events = register(input, seats, now, holdMinutes);
    const created = events.find((event) => event.type === 'RegistrationCreated');
    if (created?.data.placement === 'seat') {
      seats.seatsTaken += 1;
      if (client !== undefined) {
        const expiresAt = created.data.holdExpiresAt ? new Date(created.data.holdExpiresAt) : null;
        held.set(client, {
          count: (holds?.count ?? 0) + 1,
          firstExpiresAt: holds?.firstExpiresAt ?? expiresAt,
        });
      }
    }
    return events;
  });
}

export function assertExists(state: RegistrationState | undefined): RegistrationState {
  if (!state || state.status === 'deleted') throw new RegistrationNotFoundError();
  return state;
}

/** A payment page as the provider opened it (PaymentGateway's CheckoutSession). */
export interface OpenedPage {
  provider: string;
  sessionId: string;
  url: string;
  expiresAt: Date;
  amountMinor: number;
  currency: string;
}

/** What CheckoutSessionOpened records of a page opened with the provider: each field, named. */
export function pageFacts(page: OpenedPage) {
  return {
    provider: page.provider,
    sessionId: page.sessionId,
    url: page.url,
    expiresAt: page.expiresAt.toISOString(),
    amountMinor: page.amountMinor,
    currency: page.currency,
  };
}

export function openCheckoutSession(
  state: RegistrationState,
  page: OpenedPage,
): RegistrationEvent[] {
  if (!awaitsPayment(state.status)) {
    throw new InvalidTransitionError(
      'no-seat-awaiting-payment',
      'This registration holds no seat awaiting payment.',
    );
  }
  return [
    { type: 'CheckoutSessionOpened', data: { registrationId: state.id, ...pageFacts(page) } },
  ];
}

/** A seat held for this registration until it pays: a hold, or a waiting-list offer. */
export function awaitsPayment(status: RegistrationStatus): boolean {
  return status === 'held' || status === 'offered';
}

export function failCheckout(state: RegistrationState, reason: string): RegistrationEvent[] {
  if (state.status !== 'held') return [];
  return [{ type: 'CheckoutFailed', data: { registrationId: state.id, reason } }];
}

/** A further dream, while the registration has shared fewer than `limit` of them. */
export function shareDream(
  state: RegistrationState | undefined,
  dreamId: string,
  dream: string,
  limit: number,
  door: { startsAt: Date | null | undefined; now: Date },
): RegistrationEvent[] {
  const registration = assertExists(state);
  assertVisitorMayChange(registration, door.startsAt, door.now);
  if (!mayShareDreams(registration.status)) {
    throw new InvalidTransitionError(
      'no-longer-shares-dreams',
      `This registration is ${registration.status}: it can no longer share dreams.`,
    );
  }
  if (registration.sharedDreams >= limit) throw new SharedDreamLimitError(limit);
  return [{ type: 'DreamShared', data: { registrationId: registration.id, dreamId, dream } }];
}

/**
 * The payment a visitor left open and may go back to: the seat is still held for them and its
 * payment page has not lapsed. Registering again with the same email, or the Resume button
 * after cancelling on the payment page, both lead here.
 */
export function resumableCheckout(
  state: RegistrationState | undefined,
  history: readonly RegistrationEvent[],
  now: Date,
): { url: string; expiresAt: string } | null {
  if (!state || !awaitsPayment(state.status) || !state.checkoutSessionId || !state.holdExpiresAt) {
    return null;
  }
  if (new Date(state.holdExpiresAt).getTime() <= now.getTime()) return null;
  for (const event of history) {
    if (
      event.type === 'CheckoutSessionOpened' &&
      event.data.sessionId === state.checkoutSessionId
    ) {
      return { url: event.data.url, expiresAt: state.holdExpiresAt };
    }
  }
  return null;
}

/** Resume, asked for explicitly: the open payment's page, or why there is none. */
export function resumeCheckout(
  state: RegistrationState | undefined,
  history: readonly RegistrationEvent[],
  now: Date,
  startsAt: Date | null | undefined,
): { url: string; expiresAt: string } {
  const registration = assertExists(state);
  assertVisitorMayChange(registration, startsAt, now);
  const open = resumableCheckout(registration, history, now);
  if (open) return open;
  if (registration.status === 'paid' || registration.status === 'confirmed') {
    throw new InvalidTransitionError('already-paid', 'This registration is already paid.');
  }
  throw new InvalidTransitionError(
    'seat-given-back',
    'This payment can no longer be resumed: the seat was given back. You may register again.',
  );
}

/**
 * The visitor gives their held seat back before paying. A registration already paid keeps its
 * seat (cancelling it is for the organisers); one that holds nothing has nothing to give back.
 */
export function giveBackSeat(
  state: RegistrationState | undefined,
  startsAt: Date | null | undefined,
  now: Date,
): { outcome: 'release'; sessionId: string | null } | { outcome: 'nothing-held' } {
  const registration = assertExists(state);
  assertVisitorMayChange(registration, startsAt, now);
  if (awaitsPayment(registration.status)) {
    return { outcome: 'release', sessionId: registration.checkoutSessionId };
  }
  if (registration.status === 'paid' || registration.status === 'confirmed') {
    throw new InvalidTransitionError('already-paid', 'This registration is already paid.');
  }
  return { outcome: 'nothing-held' };
}
