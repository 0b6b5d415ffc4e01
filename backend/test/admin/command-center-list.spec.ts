import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { LiveTour } from '../../src/tour/live-tour';
import { OPEN_SLOT } from '../http';
import { appsOnOwnDatabase } from '../test-app';
import { openLivePositions } from './live-positions';
import { adminRequest, login, register } from './admin-client';
import { catalogueWithSeats } from '../test-tour';

interface Page {
  registrations: {
    id: string;
    name: string;
    email: string;
    whatsapp: string;
    waitingList: boolean;
    createdAt: string;
  }[];
  nextCursor: string | null;
  matched: number | null;
  matchedCapped: boolean | null;
  total: number;
  statusCounts: Record<string, number>;
  slots: { event: string; time: string; limit: number; seats: number; waiting: number }[];
}

interface ErrorBody {
  statusCode: number;
  message: string;
  errors: { field: string; message: string }[];
}

const COLUMNS = [
  'Name',
  'User ID',
  'Email',
  'Phone',
  'Event',
  'Time',
  'Registered',
  'Dreamed',
  'Dream',
  'Status',
  'Paid',
  'Language',
  'Shared dreams',
  'Door',
];

function exportPath(filters: Record<string, string> = {}): string {
  const query = new URLSearchParams(filters);
  for (const column of COLUMNS) query.append('column', column);
  query.set('yes', 'YES');
  query.set('no', 'NO');
  query.set('unknownName', 'Unknown Name');
  return `/api/admin/registrations/export?${query}`;
}

describe('the Command Center list: paged, searched and filtered on the server', () => {
  const setup = appsOnOwnDatabase([{ catalogue: catalogueWithSeats(2) }]);
  let url: string;
  let cookie: string;
  const people = [
    { name: 'Ileana Cosânzeana', email: 'Ileana@Example.org', whatsapp: '+40 711 000 001' },
    { name: 'Făt Frumos', email: 'fat.frumos@example.org', whatsapp: '+40 722 000 002' },
    { name: 'Baba Cloanța', email: 'baba@example.org', whatsapp: '(0733) 000-003' },
    { name: '=HYPERLINK("x")', email: 'formula@example.org', whatsapp: '0744000004' },
    { name: 'Zmeu Zmeilor', email: 'zmeu_100%@example.org', whatsapp: '+40 755 000 005' },
    { name: 'Greuceanu', email: 'greuceanu@example.org', whatsapp: '+40 766 000 006' },
    { name: 'Harap Alb', email: 'harap@example.org', whatsapp: '+40 777 000 007' },
  ];
  const ids: string[] = [];

  const page = (query: string) =>
    adminRequest<Page>(url, cookie, 'GET', `/api/admin/registrations${query}`);

  beforeAll(async () => {
    url = setup.apps[0].url;
    cookie = await login(url);
    for (const person of people) ids.push((await register(url, person)).id);
  });

  it('answers pages newest first by keyset, each row once, and the totals on the first', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response: { status: number; body: Page } = await page(
        `?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.status).toBe(200);
      if (pages === 0) {
        expect(response.body.matched).toBe(7);
        expect(response.body.matchedCapped).toBe(false);
        expect(response.body.total).toBe(7);
      } else {
        expect(response.body.matched).toBeNull();
        expect(response.body.matchedCapped).toBeNull();
        expect(response.body.total).toBe(7);
      }
      seen.push(...response.body.registrations.map((registration) => registration.id));
      cursor = response.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it('carries seats, waiting and limit per slot on every page', async () => {
    const { body } = await page('?limit=1');
    const slot = body.slots.find((candidate) => candidate.time === OPEN_SLOT);
    expect(slot).toMatchObject({ event: 'bucharest', limit: 2, seats: 2, waiting: 5 });
  });

  it.each([
    ['part of a name, in any case', 'COSÂNZ', ['Ileana Cosânzeana']],
    ['a name with letters beyond ASCII, in capitals', 'ILEANA COSÂNZEANA', ['Ileana Cosânzeana']],
    ['part of an email', 'fat.frumos@', ['Făt Frumos']],
    ['a phone as typed', '(0733) 000', ['Baba Cloanța']],
    ['a phone by its digits alone', '0733000', ['Baba Cloanța']],
    ['a phone written with spaces, by digits', '722 000 002', ['Făt Frumos']],
    ["LIKE's own characters as themselves", '_100%', ['Zmeu Zmeilor']],
    ['nothing', 'nobody-at-all', []],
  ])('searches %s', async (_what, q, names) => {
    const { status, body } = await page(`?q=${encodeURIComponent(q)}`);
    expect(status).toBe(200);
    expect(body.registrations.map((registration) => registration.name)).toEqual(names);
    expect(body.matched).toBe(names.length);
    expect(body.total).toBe(7);
  });

  it('filters by status, event and slot, with a search and across pages', async () => {
    const waiting = await page('?status=waiting&limit=2');
    expect(waiting.body.matched).toBe(5);
    expect(waiting.body.registrations.every((registration) => registration.waitingList)).toBe(true);
    const rest = await page(`?status=waiting&limit=2&cursor=${waiting.body.nextCursor}`);
    expect(rest.body.registrations).toHaveLength(2);
    expect(rest.body.registrations.every((registration) => registration.waitingList)).toBe(true);
    // Two seats held while their payment is open: held, not (yet) SPEC's CONFIRMED.
    const held = await page('?status=held');
    expect(held.body.registrations.map((registration) => registration.id)).toEqual([
      ids[1],
      ids[0],
    ]);
    const confirmed = await page('?status=confirmed');
    expect(confirmed.body.registrations).toEqual([]);
    expect(confirmed.body.statusCounts).toEqual({
      confirmed: 0,
      waiting: 5,
      held: 2,
      offered: 0,
      cancelled: 0,
      released: 0,
      refunded: 0,
      all: 7,
    });
    const searched = await page('?q=greuceanu&status=held');
    expect(searched.body.statusCounts).toMatchObject({ waiting: 1, held: 0, all: 1 });
    // What matches is the status filter's own count under the search, not the search's in all.
    expect(searched.body.matched).toBe(0);
    expect(searched.body.registrations).toEqual([]);
    expect(searched.body.total).toBe(7);
    const slot = await page(`?event=bucharest&time=${encodeURIComponent(OPEN_SLOT)}&q=example`);
    expect(slot.body.matched).toBe(7);
    const otherEvent = await page('?event=matera');
    expect(otherEvent.body.registrations).toEqual([]);
    expect(otherEvent.body.matched).toBe(0);
  });

  it.each([
    ['?limit=0', 'limit', 'limit must be from 1 to 200'],
    ['?limit=201', 'limit', 'limit must be from 1 to 200'],
    ['?limit=ten', 'limit', 'limit must be from 1 to 200'],
    ['?cursor=not-a-cursor', 'cursor', 'cursor must be a nextCursor this list answered'],
    [
      `?cursor=${Buffer.from('2025-01-01 x').toString('base64url')}`,
      'cursor',
      'cursor must be a nextCursor this list answered',
    ],
    [
      '?status=paid',
      'status',
      'status must be one of: confirmed, waiting, held, offered, cancelled, released, refunded',
    ],
    [`?q=${'a'.repeat(201)}`, 'q', 'q must be at most 200 characters'],
    ['?q=a&q=b', 'q', 'q must be text'],
    ['?sort=name', 'sort', 'Unknown field: sort'],
  ])('refuses %s with a 400 naming the field', async (query, field, message) => {
    const response = await adminRequest<ErrorBody>(
      url,
      cookie,
      'GET',
      `/api/admin/registrations${query}`,
    );
    expect(response.status).toBe(400);
    expect(response.body.statusCode).toBe(400);
    expect(response.body.errors).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('counts registrations per calendar day of a time zone, and refuses an unknown zone', async () => {
    const perDay = await adminRequest<{ day: string; count: number }[]>(
      url,
      cookie,
      'GET',
      '/api/admin/registrations/per-day?timeZone=Europe/Bucharest',
    );
    expect(perDay.status).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(
      new Date(),
    );
    expect(perDay.body).toContainEqual({ day: today, count: expect.any(Number) });
    expect(perDay.body.reduce((sum, day) => sum + day.count, 0)).toBeGreaterThanOrEqual(7);
    const bad = await adminRequest<ErrorBody>(
      url,
      cookie,
      'GET',
      '/api/admin/registrations/per-day?timeZone=Mars/Olympus',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      expect.objectContaining({
        field: 'timeZone',
        message: 'timeZone must be a time zone such as Europe/Bucharest',
      }),
    ]);
  });

  it('answers 401 without a session', async () => {
    const response = await fetch(`${url}/api/admin/registrations`);
    expect(response.status).toBe(401);
  });

  it('compresses the answer when the client accepts gzip', async () => {
    const response = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const call = httpRequest(
          `${url}/api/admin/registrations`,
          { headers: { cookie, 'accept-encoding': 'gzip' } },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () =>
              resolve({ headers: answer.headers, body: Buffer.concat(chunks) }),
            );
          },
        );
        call.on('error', reject);
        call.end();
      },
    );
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['vary']).toMatch(/Accept-Encoding/i);
    const page = JSON.parse(gunzipSync(response.body).toString('utf8')) as Page;
    expect(page.registrations).toHaveLength(7);
  });

  describe('the streamed CSV export', () => {
    it('writes the BOM, the fourteen columns and every matching row, formulas neutralised', async () => {
      const response = await fetch(`${url}${exportPath()}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString('utf8').slice(1).split('\r\n');
      expect(lines[0]).toBe(COLUMNS.join(','));
      expect(lines).toHaveLength(8);
      const formula = lines.find((line) => line.includes('HYPERLINK'));
      expect(formula).toMatch(
        /^"'=HYPERLINK\(""x""\)",#[0-9A-F]{6},formula@example\.org,0744000004,Bucharest,/,
      );
      expect(formula).toMatch(/,NO,"I was walking[^"]*",waiting,NO,en,0,$/);
      const heldSeat = lines.find((line) => line.startsWith('Ileana'));
      expect(heldSeat).toMatch(/,held,NO,en,0,$/);
      // The slot by its current start in the event's zone, not by its key.
      const slot = setup.apps[0].app.get(LiveTour).slotLabel('bucharest', OPEN_SLOT, 'en');
      expect(slot).not.toBe(OPEN_SLOT);
      expect(heldSeat).toContain(`,Bucharest,"${slot}",`);
      const plus = lines.find((line) => line.startsWith('Harap Alb'));
      expect(plus).toContain(",'+40 777 000 007,");
    });

    it('exports what a search and filters match, in batches past the first', async () => {
      const response = await fetch(
        `${url}${exportPath({ status: 'waiting', event: 'bucharest' })}`,
        {
          headers: { cookie },
        },
      );
      const lines = (await response.text()).split('\r\n');
      expect(lines).toHaveLength(6);
      const searched = await fetch(`${url}${exportPath({ q: 'greuceanu' })}`, {
        headers: { cookie },
      });
      expect((await searched.text()).split('\r\n')).toHaveLength(2);
    });

    it('makes no date formatter per row: an export costs its rows, not ICU locale data', async () => {
      const exportAll = async () =>
        (await fetch(`${url}${exportPath({ language: 'ro' })}`, { headers: { cookie } })).text();
      // The first export may make the formatters the tour's zone and the language need.
      await exportAll();
      const made = jest.spyOn(Intl, 'DateTimeFormat');
      try {
        const rows = (await exportAll()).split('\r\n').slice(1);
        expect(rows.length).toBeGreaterThanOrEqual(people.length);
        expect(made).not.toHaveBeenCalled();
      } finally {
        made.mockRestore();
      }
    });

    it("names each event's city in the operator's language", async () => {
      for (const [language, city] of [
        ['ro', 'București'],
        ['it', 'Bucarest'],
      ]) {
        const response = await fetch(`${url}${exportPath({ language })}`, { headers: { cookie } });
        const rows = (await response.text()).split('\r\n').slice(1);
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(row).toContain(`,${city},`);
      }
      const wrong = await adminRequest<ErrorBody>(
        url,
        cookie,
        'GET',
        exportPath({ language: 'fr' }),
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toContainEqual({
        field: 'language',
        code: 'not-allowed',
        message: 'language must be en, it or ro',
      });
    });

    it('refuses missing labels with a 400', async () => {
      const response = await adminRequest<ErrorBody>(
        url,
        cookie,
        'GET',
        '/api/admin/registrations/export?column=Name&yes=Y&no=N&unknownName=U',
      );
      expect(response.status).toBe(400);
      expect(response.body.errors).toContainEqual({
        field: 'column',
        code: 'too-few',
        limit: 14,
        message: 'column must be given 14 times',
      });
    });
  });

  describe('the live stream of the event log position', () => {
    it('says the position at once, and again within 2 seconds of a registration', async () => {
      const { response, nextPosition, close } = await openLivePositions(url, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(response.headers.get('content-encoding')).toBeNull();
      const first = await nextPosition();
      expect(first).toBeGreaterThan(0);
      const started = Date.now();
      await register(url, { name: 'Prâslea cel Voinic' });
      const second = await nextPosition();
      expect(second).toBeGreaterThan(first);
      expect(Date.now() - started).toBeLessThan(2000);
      close();
    });

    it('ends when its session ends', async () => {
      const other = await login(url);
      const response = await fetch(`${url}/api/admin/events/live`, { headers: { cookie: other } });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      await reader.read();
      const ended = (async () => {
        for (;;) if ((await reader.read()).done) return Date.now();
      })();
      const loggedOut = Date.now();
      expect(
        (await adminRequest(url, other, 'POST', '/api/admin/logout', undefined, { origin: url }))
          .status,
      ).toBe(204);
      expect((await ended) - loggedOut).toBeLessThan(5000);
      expect(
        (await fetch(`${url}/api/admin/events/live`, { headers: { cookie: other } })).status,
      ).toBe(401);
    });

    it('answers 401 without a session', async () => {
      const response = await fetch(`${url}/api/admin/events/live`);
      expect(response.status).toBe(401);
    });
  });
});

describe('the Command Center list past 10,000 registrations', () => {
  const setup = appsOnOwnDatabase();

  it('counts what matches up to 10,000 and says when more do', async () => {
    const { url, dataSource } = setup.apps[0];
    // Rows straight into the read models: only the list's counting is under test here.
    await dataSource.query(
      `INSERT INTO registration_view (id, event, time, name, email, email_key, whatsapp, locale,
         status, waiting_list, created_at, updated_at, version, last_position)
       SELECT gen_random_uuid(), 'bucharest', $1, 'Visitor ' || n, 'v' || n || '@example.org',
              'v' || n || '@example.org', '+40 7' || lpad(n::text, 8, '0'), 'en', 'waiting', true,
              now() - n * interval '1 second', now(), 1, n
         FROM generate_series(1, 10050) AS n`,
      [OPEN_SLOT],
    );
    // And their slot's count, which the list's counts by status are read from.
    await dataSource.query(
      `UPDATE slot_capacity SET waiting_list = waiting_list + 10050
        WHERE event = 'bucharest' AND time = $1`,
      [OPEN_SLOT],
    );
    const cookie = await login(url);
    const all = await adminRequest<Page>(url, cookie, 'GET', '/api/admin/registrations?limit=10');
    expect(all.body).toMatchObject({ matched: 10_000, matchedCapped: true });
    expect(all.body.registrations.map((registration) => registration.name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Visitor ${index + 1}`),
    );
    const few = await adminRequest<Page>(
      url,
      cookie,
      'GET',
      '/api/admin/registrations?q=visitor%201000',
    );
    expect(few.body).toMatchObject({ matched: 11, matchedCapped: false });
  });
});
