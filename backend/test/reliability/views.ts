import type { DataSource } from 'typeorm';
import { mayTogglePaidMark } from '../../src/registrations/domain/operator-decisions';
import {
  occupiesSeat,
  paidBy,
  STATUS_FILTERS,
  statusFilterOf,
  type RegistrationState,
  type StatusFilter,
} from '../../src/registrations/domain/registration';
import { request } from '../http';
import { replayLog } from './support';

interface AdminRow {
  id: string;
  shortId: string;
  status: string;
  paid: boolean;
  paidBy: string | null;
  holdsSeat: boolean;
  paidToggle: boolean;
  waitingList: boolean;
}

interface Page {
  registrations: AdminRow[];
  nextCursor: string | null;
  matched: number | null;
  total: number;
  statusCounts: Record<StatusFilter | 'all', number>;
}

const CSV_COLUMNS = [
  'name',
  'user id',
  'email',
  'phone',
  'event',
  'time',
  'registered',
  'dreamed',
  'dream',
  'status',
  'paid',
  'language',
  'shared dreams',
  'door',
];

/** The records of a CSV file (quotes doubled, fields with line breaks quoted), BOM dropped. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let index = 0; index < body.length; index += 1) {
    const character = body[index];
    if (quoted) {
      if (character === '"' && body[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      record.push(field);
      field = '';
    } else if (character === '\r' && body[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 1;
    } else field += character;
  }
  record.push(field);
  records.push(record);
  return records;
}

async function allPages(url: string, cookie: string, filter: string): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=200${filter}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await request<Page>(
      url,
      'GET',
      `/api/admin/registrations${query}`,
      undefined,
      {
        cookie,
      },
    );
    if (response.status !== 200) throw new Error(`The list answered ${response.status}`);
    pages.push(response.body);
    cursor = response.body.nextCursor;
  } while (cursor);
  return pages;
}

function disagree(what: string, id: string, shown: unknown, fold: unknown): Error {
  return new Error(
    `${what} of ${id} shows ${JSON.stringify(shown)}; the events say ${JSON.stringify(fold)}`,
  );
}

/**
 * What every view says about each registration agrees with the domain's fold of the log: the
 * Command Center's rows (status, money, seat), each status filter's rows and count, the total,
 * the CSV file's rows, the payer's view, the page of GET /api/registrations/{id}, and the seats
 * and waiting list of /api/capacity.
 */
export async function checkViewsAgree(
  dataSource: DataSource,
  url: string,
  cookie: string,
): Promise<void> {
  const { states } = await replayLog(dataSource);
  const existing = new Map<string, RegistrationState>();
  for (const [id, state] of states) {
    if (state && state.status !== 'deleted') existing.set(id, state);
  }

  // The whole list: one row per registration, saying what the fold says.
  const everything = await allPages(url, cookie, '');
  const rows = everything.flatMap((page) => page.registrations);
  const [first] = everything;
  if (rows.length !== existing.size || first.total !== existing.size) {
    throw new Error(
      `The list has ${rows.length} rows and says ${first.total}; the events hold ${existing.size}`,
    );
  }
  for (const row of rows) {
    const state = existing.get(row.id);
    if (!state) throw disagree('The list', row.id, row.status, 'no registration');
    const expected = {
      status: state.status,
      paid: state.paid,
      paidBy: paidBy(state),
      holdsSeat: occupiesSeat(state.status),
      paidToggle: mayTogglePaidMark(state),
      waitingList: state.status === 'waiting',
    };
    const shown = {
      status: row.status,
      paid: row.paid,
      paidBy: row.paidBy,
      holdsSeat: row.holdsSeat,
      paidToggle: row.paidToggle,
      waitingList: row.waitingList,
    };
    if (JSON.stringify(shown) !== JSON.stringify(expected)) {
      throw disagree('The admin row', row.id, shown, expected);
    }
  }

  // Each filter lists exactly its members, and its count is its rows' number.
  for (const filter of STATUS_FILTERS) {
    const members = [...existing.values()]
      .filter((state) => statusFilterOf(state.status) === filter)
      .map((state) => state.id)
      .sort();
    const listed = (await allPages(url, cookie, `&status=${filter}`))
      .flatMap((page) => page.registrations)
      .map((row) => row.id)
      .sort();
    if (JSON.stringify(listed) !== JSON.stringify(members)) {
      throw disagree(`The "${filter}" filter`, 'the list', listed, members);
    }
    if (first.statusCounts[filter] !== members.length) {
      throw disagree(
        `The "${filter}" count`,
        'the list',
        first.statusCounts[filter],
        members.length,
      );
    }
  }
  if (first.statusCounts.all !== existing.size) {
    throw disagree('The "all" count', 'the list', first.statusCounts.all, existing.size);
  }

  // Each slot's counts by status (slot_capacity's, summed over the slots a filter keeps).
  const slots = new Map<string, { event: string; time: string }>();
  for (const state of existing.values()) {
    slots.set(`${state.event}\u0000${state.time}`, { event: state.event, time: state.time });
  }
  for (const { event, time } of slots.values()) {
    const filter = `&event=${encodeURIComponent(event)}&time=${encodeURIComponent(time)}`;
    const [slotPage] = await allPages(url, cookie, filter);
    for (const status of [...STATUS_FILTERS, 'all'] as const) {
      const members = [...existing.values()].filter(
        (state) =>
          state.event === event &&
          state.time === time &&
          (status === 'all' || statusFilterOf(state.status) === status),
      ).length;
      if (slotPage.statusCounts[status] !== members) {
        throw disagree(
          `The "${status}" count of ${event} ${time}`,
          'the list',
          slotPage.statusCounts[status],
          members,
        );
      }
    }
  }

  // The CSV file: one row per registration, with its status and its money.
  const query = new URLSearchParams({ yes: 'YES', no: 'NO', unknownName: '?' });
  for (const column of CSV_COLUMNS) query.append('column', column);
  const file = await fetch(`${url}/api/admin/registrations/export?${query}`, {
    headers: { cookie },
  });
  const [header, ...records] = parseCsv(await file.text());
  if (header.length !== CSV_COLUMNS.length) throw new Error(`The CSV has ${header.length} columns`);
  const csvRows = records.filter((record) => record.length > 1);
  if (csvRows.length !== existing.size) {
    throw new Error(`The CSV has ${csvRows.length} rows; the events hold ${existing.size}`);
  }
  const byShortId = new Map(rows.map((row) => [row.shortId, row.id]));
  for (const record of csvRows) {
    const id = byShortId.get(record[1]);
    const state = id === undefined ? undefined : existing.get(id);
    if (!state) throw new Error(`The CSV names ${record[1]}, which the list does not`);
    const shown = { status: record[9], paid: record[10] };
    const expected = { status: state.status, paid: state.paid ? 'YES' : 'NO' };
    if (JSON.stringify(shown) !== JSON.stringify(expected)) {
      throw disagree('The CSV row', state.id, shown, expected);
    }
  }

  // The visitor's pages: the payer's view and the registration's own page.
  for (const state of existing.values()) {
    const page = await request<{ status: string; waitingList: boolean }>(
      url,
      'GET',
      `/api/registrations/${state.id}`,
    );
    if (
      page.body.status !== state.status ||
      page.body.waitingList !== (state.status === 'waiting')
    ) {
      throw disagree('GET /api/registrations/{id}', state.id, page.body, state.status);
    }
    if (state.checkoutSessionId === null) continue;
    const payer = await request<{ status: string; paid: boolean; registrationId: string }>(
      url,
      'GET',
      `/api/checkout-sessions/${encodeURIComponent(state.checkoutSessionId)}/registration`,
    );
    if (payer.body.status !== state.status || payer.body.paid !== state.paid) {
      throw disagree('The payer view', state.id, payer.body, {
        status: state.status,
        paid: state.paid,
      });
    }
  }

  // The capacity answer's seats and waiting list, slot by slot (another process's change
  // reaches this process's cache by a notification, within its second of age at most).
  let capacityDisagrees: Error | undefined;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    capacityDisagrees = await capacityDisagreement(url, [...existing.values()]);
    if (!capacityDisagrees) return;
  }
  throw capacityDisagrees;
}

async function capacityDisagreement(
  url: string,
  existing: RegistrationState[],
): Promise<Error | undefined> {
  const capacity = await request<
    Record<string, Record<string, { registered: number; waitingList: number }>>
  >(url, 'GET', '/api/capacity');
  for (const [event, slots] of Object.entries(capacity.body)) {
    for (const [time, slot] of Object.entries(slots)) {
      const inSlot = existing.filter((state) => state.event === event && state.time === time);
      const expected = {
        registered: inSlot.filter((state) => occupiesSeat(state.status)).length,
        waitingList: inSlot.filter((state) => state.status === 'waiting').length,
      };
      const shown = { registered: slot.registered, waitingList: slot.waitingList };
      if (JSON.stringify(shown) !== JSON.stringify(expected)) {
        return disagree('/api/capacity', `${event} ${time}`, shown, expected);
      }
    }
  }
  return undefined;
}
