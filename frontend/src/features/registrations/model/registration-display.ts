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

/**
 * The console's badge and status filter of a registration, as the server lists it (the domain's
 * map): SPEC's CONFIRMED for a paid seat or one confirmed from the waiting list, WAITING for the
 * waiting list, and every other state by its own name.
 */
export type ListedAs = AdminRegistration['listedAs'];

/** The badge's words of each listing, as the console's catalogue names them. */
export const STATUS_LABEL = {
  waiting: 'admin.status.waiting',
  confirmed: 'admin.status.confirmed',
  held: 'admin.status.held',
  offered: 'admin.status.offered',
  cancelled: 'admin.status.cancelled',
  released: 'admin.status.released',
  refunded: 'admin.status.refunded',
} as const satisfies Record<ListedAs, string>;

/**
 * What the registration's state means for its seat and its money, in one line under the badge:
 * a card payment, an operator's mark, a hold and its deadline, a seat given back.
 */
export type SeatAndMoney =
  | 'paidByCard'
  | 'paidByOperator'
  | 'confirmedUnpaid'
  | 'confirmedPaidByOperator'
  | 'held'
  | 'offered'
  | 'waiting'
  | 'cancelled'
  | 'cancelledPaid'
  | 'released'
  | 'refunded';

export function seatAndMoney(
  registration: Pick<AdminRegistration, 'status' | 'paidBy' | 'paid'>,
): SeatAndMoney {
  switch (registration.status) {
    case 'paid':
      return registration.paidBy === 'operator' ? 'paidByOperator' : 'paidByCard';
    case 'confirmed':
      return registration.paid ? 'confirmedPaidByOperator' : 'confirmedUnpaid';
    case 'cancelled':
      return registration.paid ? 'cancelledPaid' : 'cancelled';
    case 'held':
    case 'offered':
    case 'waiting':
    case 'released':
    case 'refunded':
      return registration.status;
  }
}

/** Whether the registration still keeps a seat or a waiting place, which a cancellation gives back. */
export function isCancellable(registration: Pick<AdminRegistration, 'status'>): boolean {
  return ['held', 'offered', 'paid', 'confirmed', 'waiting'].includes(registration.status);
}
