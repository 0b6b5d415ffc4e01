import type { SlotRef } from '../model/door-list';
import { doorListPath, doorRequest } from './door-request';

/** Every seated person of a started slot not checked in becomes a no-show; answers how many. */
export async function markNoShows(slot: SlotRef): Promise<number> {
  const answer = await doorRequest<{ marked: number }>(
    'POST',
    `${doorListPath(slot.event, slot.time)}/no-shows`,
  );
  return answer.marked;
}
