import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { components } from '../../../lib/api-schema';
import { registrationKeys } from './registration-keys';

export type SlotCapacity = components['schemas']['SlotCapacityDto'];

export const capacityQuery = queryOptions({
  queryKey: registrationKeys.capacity(),
  queryFn: () => apiGet('/api/capacity'),
});

export function useCapacity() {
  return useQuery(capacityQuery);
}

export function slotCapacity(
  capacity: Record<string, Record<string, SlotCapacity>> | undefined,
  event: string,
  time: string,
): SlotCapacity | undefined {
  return capacity?.[event]?.[time];
}
