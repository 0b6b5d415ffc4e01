import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import {
  ADMIN_REGISTRATION_COLUMNS,
  toAdminRegistrationDto,
  type AdminRegistrationRow,
} from '../list-registrations/admin-registration-rows';
import { decodeCursor, encodeCursor } from './registration-cursor';
import { STATUS_FILTERS, statusFilterOf, type RegistrationStatus } from '../../domain/registration';
import { filterCondition, filterConditionAnyStatus } from './registration-page-filter';
import { statusCountsOfSlots } from '../../projections/read-model-fold';
import { RegistrationPageQuery } from './registration-page.query';
import { readSlotSeats } from '../../../seat-ledger/slot-seats';
import { doorCountsBySlot } from '../registration-reads';
import type {
  RegistrationPageDto,
  SlotTotalsDto,
  StatusCountsDto,
} from './registration-page.response.dto';

/** The first page says how many match up to this many, and "more" past it. */
export const MATCHED_COUNT_CAP = 10_000;

interface PageRow extends AdminRegistrationRow {
  cursor_created_at: string;
}

/**
 * One page of the Command Center's list from registration_view, newest first, by keyset: one
 * more row than asked says whether a next page exists. Every page carries the slots' seat totals
 * from slot_capacity, how many registrations each status filter lists under the search, event
 * and slot (slot_capacity's counts by status, or with a search a count of the rows it matches),
 * and how many there are in all (slot_capacity's); the first page also says how many match (up
 * to MATCHED_COUNT_CAP), read off those same counts (the status filter's, or all of them).
 */
@QueryHandler(RegistrationPageQuery)
export class RegistrationPageQueryHandler implements IQueryHandler<RegistrationPageQuery> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async execute({ filter, limit, cursor }: RegistrationPageQuery): Promise<RegistrationPageDto> {
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    const page = filterCondition(filter, after);
    const firstPage = cursor === undefined;
    // Without a search, the counts by status are slot_capacity's, summed over the slots the
    // filter keeps; a search counts the rows it matches (the trigram index finds them).
    const searched = filter.q?.trim() ? filterConditionAnyStatus(filter) : undefined;
    const [rows, slots, searchedByStatus, doorCounts] = await Promise.all([
      this.dataSource.query(
        `SELECT ${ADMIN_REGISTRATION_COLUMNS},
                to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS cursor_created_at
           FROM registration_view ${page.where}
          ORDER BY created_at DESC, id DESC
          LIMIT ${limit + 1}`,
        page.parameters,
      ) as Promise<PageRow[]>,
      readSlotSeats(this.dataSource),
      searched ? this.countByStatus(searched.where, searched.parameters) : undefined,
      doorCountsBySlot(this.dataSource),
    ]);
    const atTheDoor = new Map(doorCounts.map((row) => [`${row.event}\u0000${row.time}`, row]));
    const statusCounts = toStatusCounts(
      searchedByStatus ??
        statusCountsOfSlots(
          slots.filter(
            (slot) =>
              (filter.event === undefined || slot.event === filter.event) &&
              (filter.time === undefined || slot.time === filter.time),
          ),
        ),
    );
    const total = toStatusCounts(statusCountsOfSlots(slots)).all;
    const matched = firstPage ? statusCounts[filter.status ?? 'all'] : null;
    const shown = rows.slice(0, limit);
    const last = shown[shown.length - 1];
    return {
      registrations: shown.map(toAdminRegistrationDto),
      nextCursor:
        rows.length > limit && last
          ? encodeCursor({ createdAt: last.cursor_created_at, id: last.id })
          : null,
      matched: matched === null ? null : Math.min(matched, MATCHED_COUNT_CAP),
      matchedCapped: matched === null ? null : matched > MATCHED_COUNT_CAP,
      total,
      statusCounts,
      slots: slots.map((slot): SlotTotalsDto => ({
        event: slot.event,
        time: slot.time,
        limit: slot.seat_limit,
        seats: slot.held + slot.paid + slot.confirmed,
        held: slot.held,
        paid: slot.paid,
        waiting: slot.waiting_list,
        checkedIn: Number(atTheDoor.get(`${slot.event}\u0000${slot.time}`)?.checked_in ?? 0),
        sheetUnapproved: Number(
          atTheDoor.get(`${slot.event}\u0000${slot.time}`)?.sheet_unapproved ?? 0,
        ),
      })),
    };
  }

  /** How many registrations of each status match. */
  private async countByStatus(
    where: string,
    parameters: unknown[],
  ): Promise<Map<RegistrationStatus, number>> {
    const rows = (await this.dataSource.query(
      `SELECT status, count(*)::int AS count FROM registration_view ${where} GROUP BY status`,
      parameters,
    )) as { status: RegistrationStatus; count: number }[];
    return new Map(rows.map((row) => [row.status, row.count]));
  }
}

/** Each status filter's count, from the counts of the statuses it lists (the domain's map). */
function toStatusCounts(byStatus: Map<RegistrationStatus, number>): StatusCountsDto {
  const counts = Object.fromEntries(STATUS_FILTERS.map((filter) => [filter, 0])) as Omit<
    StatusCountsDto,
    'all'
  >;
  let all = 0;
  for (const [status, count] of byStatus) {
    const filter = statusFilterOf(status);
    if (filter) counts[filter] += count;
    all += count;
  }
  return { ...counts, all };
}
