import type { SlotRef } from '../model/door-list';

/** Query keys of the door page; under `['/api', 'admin']`, so the console's logout drops them. */
export const doorKeys = {
  tour: () => ['/api', 'admin', 'tour'] as const,
  list: (slot: SlotRef) =>
    ['/api', 'admin', 'tour', 'events', slot.event, 'slots', slot.time, 'door'] as const,
};
