import type { SlotTotals } from '../api/get-registration-page';

export interface SlotSeats {
  event: string;
  time: string;
  registered: number;
  waitingList: number;
  limit: number;
}

export function seatsPerSlot(slots: SlotTotals[] | undefined): SlotSeats[] {
  return (slots ?? []).map((slot) => ({
    event: slot.event,
    time: slot.time,
    registered: slot.seats,
    waitingList: slot.waiting,
    limit: slot.limit,
  }));
}
