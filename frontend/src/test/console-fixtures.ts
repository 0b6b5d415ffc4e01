import type { AdminRegistration } from '../features/registrations/api/admin-registration';
import type {
  PerformersSheet,
  SheetDream,
} from '../features/performers-sheet/api/get-performers-sheet';

/** Fixtures of the Command Center's tests: the rows its list shows, a slot's performers' sheet. */

/** The server's derived fields of a row: its filter and badge, who holds the money, the toggle. */
export function served(r: AdminRegistration): AdminRegistration {
  const listedAs = r.status === 'paid' ? 'confirmed' : r.status;
  const paidBy = !r.paid ? null : r.stripeSessionId ? 'card' : 'operator';
  const holdsSeat = ['held', 'offered', 'paid', 'confirmed'].includes(r.status);
  const paidToggle = r.paid ? paidBy === 'operator' : holdsSeat;
  return { ...r, listedAs, paidBy, paidToggle, waitingList: r.status === 'waiting' };
}

/** A registration of the console's list: Ana Pop's, held, with `overrides`. */
export function registration(overrides: Partial<AdminRegistration>): AdminRegistration {
  return served({
    id: '00000000-0000-4000-8000-00000000aaaa',
    name: 'Ana Pop',
    email: 'ana@example.com',
    whatsapp: '+40 712 345 678',
    event: 'bucharest',
    time: 'Oct 30 - 7:30pm',
    dreamedCaptured: false,
    dream: 'I was walking through a dark museum where every painting breathed slowly.',
    waitingList: false,
    paid: false,
    paidBy: null,
    paidToggle: true,
    status: overrides.waitingList ? 'waiting' : 'held',
    listedAs: 'held',
    stripeSessionId: null,
    createdAt: '2025-10-01T10:00:00.000Z',
    ...overrides,
  });
}

/**
 * The Bucharest slot's performers' sheet over `dreams`, its open suspicions counted; printable,
 * unless said otherwise, once none is open and a dream is approved.
 */
export function performersSheet(dreams: SheetDream[], printable?: boolean): PerformersSheet {
  const open = dreams.reduce((sum, item) => sum + item.openSuspicions, 0);
  return {
    event: 'bucharest',
    city: 'Bucharest',
    venue: 'MNAC',
    localised: {},
    timeZone: 'Europe/Bucharest',
    time: 'Oct 30 - 7:30pm',
    startsAt: '2025-10-30T19:30:00+02:00',
    dreams,
    openSuspicions: open,
    printable: printable ?? (open === 0 && dreams.some((item) => item.approvedText !== null)),
  };
}
