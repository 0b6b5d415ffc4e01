import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import type { components } from '../../../lib/api-schema';
import { fetchRegistrationPage } from './get-registration-page';

type AdminRegistration = components['schemas']['AdminRegistrationDto'];

/** The most a list asks for in one page (the server's bound). */
const LIST_PAGE_SIZE = 200;

/** The statuses that have a place in the slot: a seat, a hold or the waiting list. */
const IN_THE_SLOT = new Set<AdminRegistration['listedAs']>([
  'confirmed',
  'held',
  'offered',
  'waiting',
]);

/**
 * Everyone with a place in a slot, as a list to print: every page of the slot's registrations
 * (a slot holds tens, so a few pages at most), by seat, then the waiting list by name.
 */
export async function fetchSlotList(event: string, time: string): Promise<AdminRegistration[]> {
  const people: AdminRegistration[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchRegistrationPage({ event, time }, cursor, LIST_PAGE_SIZE);
    people.push(...page.registrations.filter((person) => IN_THE_SLOT.has(person.listedAs)));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return people.sort(
    (a, b) =>
      (a.seat ?? Number.MAX_SAFE_INTEGER) - (b.seat ?? Number.MAX_SAFE_INTEGER) ||
      (a.name ?? '').localeCompare(b.name ?? ''),
  );
}

export function useSlotList(event: string, time: string) {
  return useQuery({
    queryKey: [...adminKeys.registrations(), 'slot-list', event, time],
    queryFn: () => fetchSlotList(event, time),
    enabled: Boolean(event && time),
    retry: false,
    refetchOnWindowFocus: false,
  });
}
