import type { AdminRegistration } from '../api/admin-registration';
import { filterRegistrations } from './registration-search';

const base: AdminRegistration = {
  id: 'x',
  name: 'Ana Pop',
  email: 'ana@example.com',
  whatsapp: '+40 712 345 678',
  event: 'bucharest',
  time: 'Oct 30 - 7:30pm',
  dreamedCaptured: false,
  waitingList: false,
  paid: false,
  dream: null,
  stripeSessionId: null,
  createdAt: '2025-10-01T10:00:00.000Z',
};
const list: AdminRegistration[] = [
  base,
  {
    ...base,
    id: 'y',
    name: null,
    firstName: 'Marco',
    lastName: 'Bianchi',
    email: 'marco@example.it',
    whatsapp: '333 1234567',
    waitingList: true,
  },
];

describe('search and status filter', () => {
  it('searches name (legacy too), email and phone, case-insensitively', () => {
    expect(filterRegistrations(list, 'ANA', 'all').map((r) => r.id)).toEqual(['x']);
    expect(filterRegistrations(list, 'bianchi', 'all').map((r) => r.id)).toEqual(['y']);
    expect(filterRegistrations(list, 'example.it', 'all').map((r) => r.id)).toEqual(['y']);
    expect(filterRegistrations(list, '712345', 'all').map((r) => r.id)).toEqual(['x']);
    expect(filterRegistrations(list, '  ', 'all')).toHaveLength(2);
  });

  it('filters by status', () => {
    expect(filterRegistrations(list, '', 'waiting').map((r) => r.id)).toEqual(['y']);
    expect(filterRegistrations(list, '', 'confirmed').map((r) => r.id)).toEqual(['x']);
  });
});
