import { apiCall } from '../../../lib/api-client';
import type { SlotRef } from '../model/door-list';

/** Every seated person of a started slot not checked in becomes a no-show; answers how many. */
export async function markNoShows(slot: SlotRef): Promise<number> {
  const answer = await apiCall('post', '/api/admin/tour/events/{slug}/slots/{time}/no-shows', {
    params: { slug: slot.event, time: slot.time },
  });
  return answer.marked;
}
