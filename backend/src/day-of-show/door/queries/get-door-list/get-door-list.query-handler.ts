import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { LiveTour } from '../../../../tour/live-tour';
import { holdsTicket } from '../../../../registrations/domain/registration';
import { TicketKeys } from '../../../tickets/ticket-keys';
import { ticketRefusal } from '../../domain/door-decisions';
import { DoorSlotNotFound } from '../../domain/door-errors';
import { shortIdOf } from '../../../../registrations/domain/registration-id';
import { checkInByOf, doorStateOf, operatorNamesOf, slotDoorRows } from '../door-rows';
import { seatNumberOf } from '../../../../registrations/queries/seat-order';
import { movedAwayFrom } from '../../../../registrations/queries/moved-away';
import type { DoorListResponseDto } from './door-list.response.dto';
import { GetDoorListQuery } from './get-door-list.query';

@QueryHandler(GetDoorListQuery)
export class GetDoorListQueryHandler implements IQueryHandler<GetDoorListQuery> {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly catalogue: LiveTour,
    private readonly keys: TicketKeys,
  ) {}

  async execute({ event, time }: GetDoorListQuery): Promise<DoorListResponseDto> {
    const startsAt = this.catalogue.findSlot(event, time) && this.catalogue.startOf(event, time);
    if (!startsAt) throw new DoorSlotNotFound();
    const [rows, movedAway, keys] = await Promise.all([
      slotDoorRows(this.dataSource, event, time),
      movedAwayFrom(this.dataSource, event, time),
      this.keys.published(),
    ]);
    const names = await operatorNamesOf(this.dataSource, rows);
    const now = new Date();
    const list: DoorListResponseDto = {
      event,
      time,
      startsAt: startsAt.toISOString(),
      started: now.getTime() >= startsAt.getTime(),
      syncedAt: now.toISOString(),
      seated: [],
      waitingList: [],
      revoked: [],
      keys,
    };
    for (const row of rows) {
      if (holdsTicket(row.status)) {
        list.seated.push({
          handle: row.door_handle,
          shortId: shortIdOf(row.id),
          name: row.name ?? '',
          seat: seatNumberOf(row),
          state: doorStateOf(row),
          checkedInAt:
            row.checked_in_at === null ? null : new Date(row.checked_in_at).toISOString(),
          ...checkInByOf(row, names),
        });
      } else if (row.status === 'waiting') {
        list.waitingList.push({
          handle: row.door_handle,
          shortId: shortIdOf(row.id),
          name: row.name ?? '',
          position: list.waitingList.length + 1,
        });
      } else {
        list.revoked.push({
          handle: row.door_handle,
          reason: ticketRefusal(row.status) ?? 'cancelled',
        });
      }
    }
    // Their old tickets name this slot: refused as the check-in refuses them, naming where.
    for (const moved of movedAway) {
      list.revoked.push({
        handle: moved.door_handle,
        reason: 'wrong-slot',
        movedTo: { event: moved.event, time: moved.time },
        ...(moved.name === null ? {} : { name: moved.name }),
      });
    }
    return list;
  }
}
