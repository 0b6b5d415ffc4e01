/**
 * The facts of a registration's life, past tense, each with the data it needs. Personal fields
 * (name, email, whatsapp, dream) are listed in PERSONAL_FIELDS: they are sealed with the
 * registration's own key when stored, and read back as absent once that key is shredded.
 */
export type Locale = 'en' | 'it' | 'ro';
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
  };
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
  data: {
    registrationId: string;
    sessionId: string;
    paymentIntentId: string | null;
    amountMinor: number;
    currency: string;
    providerEventId: string | null;
    /** 'held' when the hold was still live; 'retaken' when a late payment found a free seat. */
    seat: 'held' | 'retaken';
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

export interface PaidFlagSet {
  type: 'PaidFlagSet';
  data: { registrationId: string; paid: boolean };
}

export interface DreamCapturedSet {
  type: 'DreamCapturedSet';
  data: { registrationId: string; dreamedCaptured: boolean };
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
  | PaymentRefunded
  | WaitlistConfirmed
  | DreamEdited
  | DreamShared
  | PaidFlagSet
  | DreamCapturedSet
  | RegistrationDeleted;

export type RegistrationEventType = RegistrationEvent['type'];

export const PERSONAL_FIELDS = ['name', 'email', 'whatsapp', 'dream'] as const;

export const REGISTRATION_EVENT_TYPES: readonly RegistrationEventType[] = [
  'RegistrationCreated',
  'CheckoutSessionOpened',
  'CheckoutFailed',
  'CheckoutExpired',
  'PaymentConfirmed',
  'PaymentRefunded',
  'WaitlistConfirmed',
  'DreamEdited',
  'DreamShared',
  'PaidFlagSet',
  'DreamCapturedSet',
  'RegistrationDeleted',
];

export function registrationStreamId(registrationId: string): string {
  return `registration-${registrationId}`;
}
