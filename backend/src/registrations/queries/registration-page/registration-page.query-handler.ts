import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import {
  ADMIN_REGISTRATION_COLUMNS,
  toAdminRegistrationDto,
  type AdminRegistrationRow,
} from '../list-registrations/admin-registration-rows';
import { decodeCursor, encodeCursor } from './registration-cursor';
import { filterCondition } from './registration-page-filter';
import { RegistrationPageQuery } from './registration-page.query';
import type { RegistrationPageDto, SlotTotalsDto } from './registration-page.response.dto';

interface PageRow extends AdminRegistrationRow {
  cursor_created_at: string;
}

interface SlotRow {
  event: string;
  time: string;
  seat_limit: number;
  held: number;
  paid: number;
  confirmed: number;
  waiting_list: number;
}

/**
 * One page of the Command Center's list from registration_view, newest first, by keyset: one
 * more row than asked says whether a next page exists. The first page also counts what matches
 * (and everything), and every page carries the slots' seat totals from slot_capacity.
 */
@QueryHandler(RegistrationPageQuery)
export class RegistrationPageQueryHandler implements IQueryHandler<RegistrationPageQuery> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async execute({ filter, limit, cursor }: RegistrationPageQuery): Promise<RegistrationPageDto> {
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    const page = filterCondition(filter, after);
    const firstPage = cursor === undefined;
    const filtered = Object.values(filter).some((value) => value !== undefined && value !== '');
    const matchedCondition = filterCondition(filter);
    const [rows, matched, total, slots] = await Promise.all([
      this.dataSource.query(
        `SELECT ${ADMIN_REGISTRATION_COLUMNS},
                to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS cursor_created_at
           FROM registration_view ${page.where}
          ORDER BY created_at DESC, id DESC
          LIMIT ${limit + 1}`,
        page.parameters,
      ) as Promise<PageRow[]>,
      firstPage ? this.count(matchedCondition.where, matchedCondition.parameters) : null,
      firstPage && filtered ? this.count('', []) : null,
      this.dataSource.query(
        `SELECT event, time, seat_limit, held, paid, confirmed, waiting_list
           FROM slot_capacity ORDER BY event, time`,
      ) as Promise<SlotRow[]>,
    ]);
    const shown = rows.slice(0, limit);
    const last = shown[shown.length - 1];
    return {
      registrations: shown.map(toAdminRegistrationDto),
      nextCursor:
        rows.length > limit && last
          ? encodeCursor({ createdAt: last.cursor_created_at, id: last.id })
          : null,
      matched,
      total: firstPage ? (total ?? matched) : null,
      slots: slots.map((slot): SlotTotalsDto => ({
        event: slot.event,
        time: slot.time,
        limit: slot.seat_limit,
        seats: slot.held + slot.paid + slot.confirmed,
        held: slot.held,
        paid: slot.paid,
        waiting: slot.waiting_list,
      })),
    };
  }

  private async count(where: string, parameters: unknown[]): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM registration_view ${where}`,
      parameters,
    )) as { count: number }[];
    return row.count;
  }
}
