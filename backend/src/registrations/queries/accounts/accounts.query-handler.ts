import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { readSlotSeats } from '../../../seat-ledger/slot-seats';
import { LiveTour } from '../../../tour/live-tour';
import type { MoneyMovement } from '../../domain/money';
import { totalsOf } from './accounts-totals';
import { AccountsQuery } from './accounts.query';
import type { AccountsDto, StopAccountsDto } from './accounts.response.dto';
import { allMoneyMovements } from './money-movement-reads';

/**
 * The accounts from money_movements (the fold of the log's money facts) and the seats held now
 * (slot_capacity): every slot of the tour, in its order, then any slot that took money and has
 * left the tour since.
 */
@QueryHandler(AccountsQuery)
export class AccountsQueryHandler implements IQueryHandler<AccountsQuery> {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly catalogue: LiveTour,
  ) {}

  async execute(): Promise<AccountsDto> {
    const movements = await allMoneyMovements(this.dataSource);
    const seats = await readSlotSeats(this.dataSource);
    const held = new Map(seats.map((row) => [`${row.event}\u0000${row.time}`, row.held]));
    const bySlot = new Map<string, MoneyMovement[]>();
    for (const movement of movements) {
      const key = `${movement.event}\u0000${movement.time}`;
      bySlot.set(key, [...(bySlot.get(key) ?? []), movement]);
    }
    const stops = new Map<string, { event: string; times: string[] }>();
    const place = (event: string, time: string) => {
      let stop = stops.get(event);
      if (!stop) {
        stop = { event, times: [] };
        stops.set(event, stop);
      }
      if (!stop.times.includes(time)) stop.times.push(time);
    };
    for (const event of this.catalogue.events()) {
      const slots = [...event.slots].sort((a, b) => (a.startsAt < b.startsAt ? -1 : 1));
      for (const slot of slots) place(event.slug, slot.time);
    }
    for (const movement of movements) place(movement.event, movement.time);
    const answer: StopAccountsDto[] = [...stops.values()].map(({ event, times }) => ({
      event,
      city: this.cityNames(event),
      timeZone: this.catalogue.findEvent(event)?.timeZone ?? null,
      slots: times.map((time) => ({
        time,
        startsAt: this.catalogue.startOf(event, time)?.toISOString() ?? null,
        heldSeats: held.get(`${event}\u0000${time}`) ?? 0,
        totals: totalsOf(bySlot.get(`${event}\u0000${time}`) ?? []),
      })),
      totals: totalsOf(movements.filter((movement) => movement.event === event)),
    }));
    return { stops: answer, totals: totalsOf(movements) };
  }

  private cityNames(slug: string): StopAccountsDto['city'] {
    const event = this.catalogue.findEvent(slug);
    const city = (language: string) =>
      event ? this.catalogue.placeNames(event, language).city : slug;
    return { en: city('en'), it: city('it'), ro: city('ro') };
  }
}
