import { Query } from '@nestjs/cqrs';

export interface SlotCapacity {
  available: number;
  registered: number;
  waitingList: number;
  limit: number;
  status: 'open' | 'closed';
}

export type CapacityByEvent = Record<string, Record<string, SlotCapacity>>;

/**
 * The capacity answer as it is sent: the figures, their JSON and its ETag, made once each time
 * the figures are read (on a change, see CapacityCache), not once per request.
 */
export interface CapacityAnswer {
  capacity: CapacityByEvent;
  json: string;
  etag: string;
}

export class GetCapacityQuery extends Query<CapacityAnswer> {}
