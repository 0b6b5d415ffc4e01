import {
  DuplicateRegistrationError,
  InvalidTransitionError,
  RegistrationNotFoundError,
} from './registration-errors';
import type { Locale, Placement, RegistrationEvent } from './registration-events';
import { emailKey } from './registration-rules';

/**
 * Where a registration stands:
 * - held: a seat is kept while the visitor pays;
 * - paid: the seat is paid for;
 * - waiting: on the waiting list, no seat, nothing paid;
 * - confirmed: moved from the waiting list onto a seat by an operator;
 * - released: the hold lapsed or the payment page failed; the seat went back;
 * - refunded: the payment was refunded and the seat went back;
 * - deleted: erased by an operator.
 */
export const REGISTRATION_STATUSES = [
  'held',
  'paid',
  'waiting',
  'confirmed',
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
export const SEAT_STATUSES: readonly RegistrationStatus[] = ['held', 'paid', 'confirmed'];

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
  name: string | null;
  email: string | null;
  whatsapp: string | null;
  dream: string | null;
  sharedDreams: number;
}

export function occupiesSeat(status: RegistrationStatus): boolean {
  return SEAT_STATUSES.includes(status);
}

/**
 * Whether a registration keeps its place in its slot (a seat, or a place on the waiting list):
 * while it does, the same email cannot register in that slot again. A released hold, a refund
 * or an erasure gives the place up.
 */
export function keepsPlace(status: RegistrationStatus): boolean {
  return status === 'waiting' || occupiesSeat(status);
}

/** State is only ever derived from the events. */
export function evolve(
  state: RegistrationState | undefined,
  event: RegistrationEvent,
): RegistrationState {
  if (event.type === 'RegistrationCreated') {
    const data = event.data;
    return {
      id: data.registrationId,
      event: data.event,
      time: data.time,
      locale: data.locale,
      status: data.placement === 'seat' ? 'held' : 'waiting',
      paid: false,
      dreamedCaptured: data.dreamedCaptured,
      holdExpiresAt: data.holdExpiresAt,
      checkoutSessionId: null,
      stripeSessionId: null,
      name: data.name ?? null,
      email: data.email ?? null,
      whatsapp: data.whatsapp ?? null,
      dream: data.dream ?? null,
      sharedDreams: 0,
    };
  }
  if (!state) throw new RegistrationNotFoundError();
  switch (event.type) {
    case 'CheckoutSessionOpened':
      return {
        ...state,
        checkoutSessionId: event.data.sessionId,
        holdExpiresAt: event.data.expiresAt,
      };
    case 'CheckoutFailed':
    case 'CheckoutExpired':
      return state.status === 'held'
        ? { ...state, status: 'released', holdExpiresAt: null }
        : state;
    case 'PaymentConfirmed':
      return {
        ...state,
        status: 'paid',
        paid: true,
        holdExpiresAt: null,
        stripeSessionId: event.data.sessionId,
      };
    case 'PaymentRefunded':
      return {
        ...state,
        status: state.status === 'paid' || state.status === 'held' ? 'refunded' : state.status,
        paid: false,
        holdExpiresAt: null,
      };
    case 'WaitlistConfirmed':
      return { ...state, status: 'confirmed' };
    case 'DreamEdited':
      return { ...state, dream: event.data.dream ?? null };
    case 'DreamShared':
      return { ...state, sharedDreams: state.sharedDreams + 1 };
    case 'PaidFlagSet':
      return { ...state, paid: event.data.paid };
    case 'DreamCapturedSet':
      return { ...state, dreamedCaptured: event.data.dreamedCaptured };
    case 'RegistrationDeleted':
      return {
        ...state,
        status: 'deleted',
        holdExpiresAt: null,
        name: null,
        email: null,
        whatsapp: null,
        dream: null,
      };
  }
}

export function replay(events: RegistrationEvent[]): RegistrationState | undefined {
  return events.reduce<RegistrationState | undefined>(evolve, undefined);
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
      },
    },
  ];
}

/**
 * Who gets the next seat: registrations that arrive together for one slot are decided in
 * arrival order, each against the seats those before it took, from the slot as read under its
 * lock. An email that keeps a place in the slot already (`emailsKeepingPlace`, by emailKey), or
 * that came earlier in the same arrivals, is refused as a duplicate.
 */
export function registerArrivals(
  arrivals: readonly RegisterInput[],
  slot: SlotSeats,
  emailsKeepingPlace: ReadonlySet<string>,
  now: Date,
  holdMinutes: number,
): (RegistrationEvent[] | DuplicateRegistrationError)[] {
  const taken = new Set(emailsKeepingPlace);
  const seats = { ...slot };
  return arrivals.map((input) => {
    const key = emailKey(input.email);
    if (taken.has(key)) return new DuplicateRegistrationError();
    taken.add(key);
    const events = register(input, seats, now, holdMinutes);
    if (
      events.some(
        (event) => event.type === 'RegistrationCreated' && event.data.placement === 'seat',
      )
    ) {
      seats.seatsTaken += 1;
    }
    return events;
  });
}

export function assertExists(state: RegistrationState | undefined): RegistrationState {
  if (!state || state.status === 'deleted') throw new RegistrationNotFoundError();
  return state;
}

export function openCheckoutSession(
  state: RegistrationState,
  session: { provider: string; sessionId: string; url: string; expiresAt: string },
): RegistrationEvent[] {
  if (state.status !== 'held') {
    throw new InvalidTransitionError('This registration holds no seat awaiting payment.');
  }
  return [{ type: 'CheckoutSessionOpened', data: { registrationId: state.id, ...session } }];
}

export function failCheckout(state: RegistrationState, reason: string): RegistrationEvent[] {
  if (state.status !== 'held') return [];
  return [{ type: 'CheckoutFailed', data: { registrationId: state.id, reason } }];
}

export function shareDream(
  state: RegistrationState | undefined,
  dreamId: string,
  dream: string,
): RegistrationEvent[] {
  const registration = assertExists(state);
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
  if (!state || state.status !== 'held' || !state.checkoutSessionId || !state.holdExpiresAt) {
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
): { url: string; expiresAt: string } {
  const registration = assertExists(state);
  const open = resumableCheckout(registration, history, now);
  if (open) return open;
  if (registration.status === 'paid' || registration.status === 'confirmed') {
    throw new InvalidTransitionError('This registration is already paid.');
  }
  throw new InvalidTransitionError(
    'This payment can no longer be resumed: the seat was given back. You may register again.',
  );
}

/**
 * The visitor gives their held seat back before paying. A registration already paid keeps its
 * seat (cancelling it is for the organisers); one that holds nothing has nothing to give back.
 */
export function giveBackSeat(
  state: RegistrationState | undefined,
): { outcome: 'release'; sessionId: string | null } | { outcome: 'nothing-held' } {
  const registration = assertExists(state);
  if (registration.status === 'held') {
    return { outcome: 'release', sessionId: registration.checkoutSessionId };
  }
  if (registration.status === 'paid' || registration.status === 'confirmed') {
    throw new InvalidTransitionError('This registration is already paid.');
  }
  return { outcome: 'nothing-held' };
}
