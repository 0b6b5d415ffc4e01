import type { AdminRegistration } from '../api/admin-registration';

/**
 * The name to show: `name`, else the legacy first and last name, else null (the caller shows
 * 'Unknown Name' in the operator's language).
 */
export function displayName(
  registration: Pick<AdminRegistration, 'name' | 'firstName' | 'lastName'>,
): string | null {
  const name = registration.name?.trim();
  if (name) return name;
  const legacy = [registration.firstName, registration.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return legacy || null;
}

/** '#' and the last 6 characters of the id, uppercased. */
export function shortId(id: string): string {
  return `#${id.slice(-6).toUpperCase()}`;
}

/** Paid shows YES when a payment session exists or the flag is set. */
export function isShownPaid(registration: Pick<AdminRegistration, 'paid' | 'stripeSessionId'>) {
  return Boolean(registration.stripeSessionId) || registration.paid;
}

export type RegistrationStatus = 'waiting' | 'confirmed' | 'offered' | 'cancelled';

/** SPEC's two (waiting or confirmed), and a seat offered from the waiting list, or cancelled. */
export function registrationStatus(
  registration: Pick<AdminRegistration, 'waitingList' | 'status'>,
): RegistrationStatus {
  if (registration.status === 'offered' || registration.status === 'cancelled') {
    return registration.status;
  }
  return registration.waitingList ? 'waiting' : 'confirmed';
}

export type CheckoutStage = 'held' | 'offered' | 'released' | 'refunded' | 'cancelled';

const STAGES: readonly string[] = ['held', 'offered', 'released', 'refunded', 'cancelled'];

/** Where a seat stands when it is not simply paid or confirmed, from the server's status. */
export function checkoutStage(
  registration: Pick<AdminRegistration, 'status'>,
): CheckoutStage | null {
  const status = registration.status;
  return status && STAGES.includes(status) ? (status as CheckoutStage) : null;
}

/** Whether the registration still keeps a seat or a waiting place, which a cancellation gives back. */
export function isCancellable(registration: Pick<AdminRegistration, 'status'>): boolean {
  const status = registration.status;
  return !!status && ['held', 'offered', 'paid', 'confirmed', 'waiting'].includes(status);
}
