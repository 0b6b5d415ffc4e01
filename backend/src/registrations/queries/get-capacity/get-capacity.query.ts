import { Query } from '@nestjs/cqrs';

export interface SlotCapacity {
  available: number;
  registered: number;
  waitingList: number;
  limit: number;
  status: 'open' | 'closed';
}

export type CapacityByEvent = Record<string, Record<string, SlotCapacity>>;

export class GetCapacityQuery extends Query<CapacityByEvent> {}
