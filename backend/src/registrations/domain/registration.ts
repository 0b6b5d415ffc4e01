import {
  InvalidTransitionError,
  RegistrationNotFoundError,
  SharedDreamLimitError,
} from './registration-errors';
import type { Locale, Placement, RegistrationEvent } from './registration-events';

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
export type RegistrationStatus =
  'held' | 'paid' | 'waiting' | 'confirmed' | 'released' | 'refunded' | 'deleted';

export const SEAT_STATUSES: readonly RegistrationStatus[] = ['held', 'paid', 'confirmed'];

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
  slot: { seatLimit: number; seatsTaken: number },
  now: Date,
  holdMinutes: number,
): RegistrationEvent[] {
  const placement: Placement = slot.seatsTaken < slot.seatLimit ? 'seat' : 'waiting-list';
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

/** A further dream, while the registration has shared fewer than `limit` of them. */
export function shareDream(
  state: RegistrationState | undefined,
  dreamId: string,
  dream: string,
  limit: number,
): RegistrationEvent[] {
  const registration = assertExists(state);
  if (registration.sharedDreams >= limit) throw new SharedDreamLimitError(limit);
  return [{ type: 'DreamShared', data: { registrationId: registration.id, dreamId, dream } }];
}
