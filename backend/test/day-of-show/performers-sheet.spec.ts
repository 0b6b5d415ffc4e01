import { rebuildProjections } from '../../src/registrations/projections/rebuild-projections';
import { OPEN_SLOT, payInSandbox, registrationBody, request } from '../http';
import { snapshotReadModels, storedEvents } from '../read-models';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import type { TestDatabase } from '../test-database';
import { adminRequest, login, register } from '../admin/admin-client';
import { waitFor } from '../wait-for';
import { dumpDatabase } from '../admin/database-dump';
import { catalogueWithSeats } from '../test-tour';

interface Span {
  id: string;
  kind: 'replaced' | 'suspected';
  category: string;
  original: { offset: number; length: number };
  anonymised: { offset: number; length: number };
  replacement: string;
  answer: 'replace' | 'keep' | null;
}

interface SheetDream {
  seat: number;
  registrationId: string;
  language: string;
  original: string;
  anonymised: { text: string; spans: Span[] };
  openSuspicions: number;
  approvedText: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  stillPersonal: string[];
  stillPersonalAccepted: boolean;
  dreamedCaptured: boolean;
}

interface Sheet {
  event: string;
  time: string;
  startsAt: string;
  dreams: SheetDream[];
  openSuspicions: number;
  printable: boolean;
}

interface NotReady {
  statusCode: number;
  reason: string;
  dreams: { registrationId: string; openSuspicions: number; stillPersonal: string[] }[];
}

const SHEET = `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(OPEN_SLOT)}/dreams`;

/** Two people whose dreams name them, each detail unlike anything else in the database. */
const ZENOBIA = {
  name: 'Zenobia Quillfeather',
  email: 'zenobia.quill@example.org',
  whatsapp: '+40 799 111 321',
  locale: 'ro',
  dream:
    'Eu, Zenobia Quillfeather, visam casa Zenobiei; scrieți-mi la zenobia.quill@example.org sau sunați la 0799 111 321, vedeți zenobia-dreams.ro și @zenobia_q.',
};
const ORSOLYA = {
  name: 'Orsolya Brightwater',
  email: 'orsolya.bright@example.org',
  whatsapp: '+39 333 444 5555',
  locale: 'it',
  dream:
    'Ho sognato che Orsolya camminava al buio, e una voce chiamava BRIGHTWATER dal fondo del corridoio, mentre le fotografie si sviluppavano da sole sul pavimento.',
};
/** A dream that names other people: suspicions for the reviewer. */
const PELAGIA = {
  name: 'Pelagia Vrancovici',
  email: 'pelagia.v@example.org',
  whatsapp: '+40 788 222 654',
  locale: 'ro',
  dream:
    'Am visat-o pe doamna Zamfirache și pe fratele meu Dragomirel pe strada Lipscani; Pelagia râdea într-o cameră obscură plină de fotografii vechi.',
};
/** The text the operator approves for Zenobia: words of their own, to be found or not. */
const APPROVED_BY_HAND =
  'Cineva visa o casă cu felinare de cupru marmorat; cineva o striga dintr-o cameră întunecată.';

describe("the performers' sheet", () => {
  const catalogue = catalogueWithSeats(4);
  let database: TestDatabase;
  let app: TestApp;
  let cookie: string;
  let zenobia: string;
  let orsolya: string;
  let pelagia: string;
  let held: string;
  let waiting: string;

  const opened = appsOnOwnDatabase([{ catalogue }]);

  beforeAll(async () => {
    app = opened.app;
    database = opened.database;
    cookie = await login(app.url);
    const paying = await request<{ registrationId: string; url: string }>(
      app.url,
      'POST',
      '/api/create-checkout-session',
      registrationBody(ZENOBIA),
    );
    expect(paying.status).toBe(200);
    zenobia = paying.body.registrationId;
    expect((await payInSandbox(paying.body.url)).status).toBe(303);
    orsolya = (await register(app.url, ORSOLYA)).id;
    const marked = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/registrations/${orsolya}/paid`,
      { paid: true },
    );
    expect(marked.status).toBe(200);
    pelagia = (await register(app.url, PELAGIA)).id;
    expect(
      (
        await adminRequest(app.url, cookie, 'PATCH', `/api/admin/registrations/${pelagia}/paid`, {
          paid: true,
        })
      ).status,
    ).toBe(200);
    held = (await register(app.url, { name: 'Held Person' })).id;
    const onList = await register(app.url, { name: 'Waiting Person' });
    expect(onList.waitingList).toBe(true);
    waiting = onList.id;
  });

  async function sheet(): Promise<Sheet> {
    const response = await adminRequest<Sheet>(app.url, cookie, 'GET', SHEET);
    expect(response.status).toBe(200);
    return response.body;
  }

  function approve(dreams: { registrationId: string; text: string }[]) {
    return adminRequest<Sheet>(app.url, cookie, 'POST', `${SHEET}/approval`, { dreams });
  }

  async function eventTypes(registrationId: string): Promise<string[]> {
    const rows: { type: string }[] = await storedEvents(
      app.dataSource,
      `registration-${registrationId}`,
    );
    return rows.map((row) => row.type);
  }

  it('answers 404 for an unknown event or slot, and 401 without a session', async () => {
    for (const path of [
      `/api/admin/tour/events/nowhere/slots/${encodeURIComponent(OPEN_SLOT)}/dreams`,
      '/api/admin/tour/events/bucharest/slots/Never/dreams',
    ]) {
      const response = await adminRequest(app.url, cookie, 'GET', path);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ statusCode: 404, errors: [] });
    }
    expect((await request(app.url, 'GET', SHEET)).status).toBe(401);
  });

  it("lists the seated people's dreams by seat, as written and anonymised, and nothing else personal", async () => {
    const answer = await sheet();
    expect(answer).toMatchObject({ event: 'bucharest', time: OPEN_SLOT });
    expect(answer.dreams.map((dream) => [dream.seat, dream.registrationId])).toEqual([
      [1, zenobia],
      [2, orsolya],
      [3, pelagia],
    ]);
    const [first, second, third] = answer.dreams;
    expect(first.language).toBe('ro');
    expect(first.original).toBe(ZENOBIA.dream);
    expect(first.anonymised.text).toBe(
      'Eu, X., visam casa X.; scrieți-mi la o adresă de email sau sunați la un număr de telefon, vedeți un site web și un cont.',
    );
    expect(first.anonymised.spans.map((span) => [span.kind, span.category])).toEqual([
      ['replaced', 'author-name'],
      ['replaced', 'author-name'],
      ['replaced', 'author-email'],
      ['replaced', 'author-phone'],
      ['replaced', 'web'],
      ['replaced', 'author-handle'],
    ]);
    for (const span of first.anonymised.spans) {
      const { offset, length } = span.anonymised;
      expect(first.anonymised.text.slice(offset, offset + length)).toBe(span.replacement);
      expect(span.id).toBe(
        `${span.original.offset}-${span.original.offset + span.original.length}`,
      );
    }
    expect(first.openSuspicions).toBe(0);
    expect(second.anonymised.text).toBe(
      'Ho sognato che X. camminava al buio, e una voce chiamava X. dal fondo del corridoio, mentre le fotografie si sviluppavano da sole sul pavimento.',
    );
    // Suspicions stay as written until the reviewer answers them.
    expect(third.anonymised.text).toBe(
      'Am visat-o pe doamna Zamfirache și pe fratele meu Dragomirel pe strada Lipscani; X. râdea într-o cameră obscură plină de fotografii vechi.',
    );
    expect(
      third.anonymised.spans
        .filter((span) => span.kind === 'suspected')
        .map((span) => [span.category, span.replacement, span.answer]),
    ).toEqual([
      ['other-person', 'A.', null],
      ['other-person', 'B.', null],
    ]);
    expect(third.openSuspicions).toBe(2);
    expect({ open: answer.openSuspicions, printable: answer.printable }).toEqual({
      open: 2,
      printable: false,
    });
    expect(
      answer.dreams.every((dream) => dream.approvedText === null && dream.approvedAt === null),
    ).toBe(true);
    // Beyond the dreams as written (the reviewer's to read), nothing of the people.
    const json = JSON.stringify({
      ...answer,
      dreams: answer.dreams.map((dream) => ({ ...dream, original: undefined })),
    }).toLowerCase();
    // The phone numbers as written and as digits alone: long enough that a registration's id
    // (hexadecimal, no spaces) cannot hold one by chance, as one held "799" about once in seventy runs.
    const phones = ['799 111', '799111321', '333 444', '3334445555', '788 222', '788222654'];
    for (const secret of [
      'zenobia',
      'quillfeather',
      'orsolya',
      'brightwater',
      'vrancovici',
      ...phones,
    ]) {
      expect({ secret, found: json.includes(secret) }).toEqual({ secret, found: false });
    }
  });

  it('refuses a registration not seated in the slot, a duplicate, and an unknown one, writing nothing', async () => {
    const before = await app.dataSource.query('SELECT count(*)::int AS n FROM events');
    for (const [dreams, status] of [
      [[{ registrationId: held, text: 'A held seat.' }], 400],
      [[{ registrationId: waiting, text: 'A waiting place.' }], 400],
      [
        [
          { registrationId: zenobia, text: 'One.' },
          { registrationId: zenobia, text: 'Two.' },
        ],
        400,
      ],
      [
        [
          { registrationId: zenobia, text: 'Fine.' },
          { registrationId: '00000000-0000-4000-8000-000000000000', text: 'Nobody.' },
        ],
        404,
      ],
      [[{ registrationId: zenobia, text: '   ' }], 400],
      [[], 400],
    ] as const) {
      const response = await approve([...dreams]);
      expect({ dreams, status: response.status }).toEqual({ dreams, status });
      expect(response.body).toMatchObject({ statusCode: status });
    }
    expect(await app.dataSource.query('SELECT count(*)::int AS n FROM events')).toEqual(before);
  });

  it('records each approved text as an event of its own, sealed, and marks the dream captured', async () => {
    const anonymisedOrsolya = (await sheet()).dreams[1].anonymised.text;
    const response = await approve([
      { registrationId: zenobia, text: APPROVED_BY_HAND },
      { registrationId: orsolya, text: anonymisedOrsolya },
    ]);
    expect(response.status).toBe(200);
    const [first, second] = response.body.dreams;
    expect(first).toMatchObject({
      approvedText: APPROVED_BY_HAND,
      approvedBy: expect.any(String),
      approvedAt: expect.any(String),
    });
    expect(second.approvedText).toBe(anonymisedOrsolya);
    expect([first.stillPersonal, second.stillPersonal]).toEqual([[], []]);
    expect(response.body.dreams.slice(0, 2).every((dream) => dream.dreamedCaptured)).toBe(true);
    expect((await eventTypes(zenobia)).slice(-2)).toEqual([
      'SheetDreamApproved',
      'DreamCapturedSet',
    ]);
    // The text is sealed in the log, like the dream itself.
    const stored: { data: Record<string, unknown>; metadata: Record<string, unknown> }[] =
      await storedEvents(app.dataSource, `registration-${zenobia}`, 'SheetDreamApproved');
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored[0].data)).not.toContain('felinare');
    expect(stored[0].data).toMatchObject({
      registrationId: zenobia,
      sealedPersonalData: expect.any(String),
    });
    expect(stored[0].metadata).toMatchObject({ actor: 'admin' });

    // The history shows it to the operator.
    const history = await adminRequest<{
      events: { type: string; payload: Record<string, unknown> }[];
    }>(app.url, cookie, 'GET', `/api/admin/registrations/${zenobia}/history`);
    expect(history.status).toBe(200);
    const entry = history.body.events.find((event) => event.type === 'SheetDreamApproved');
    expect(entry?.payload).toMatchObject({ sheetDream: APPROVED_BY_HAND });

    // And the admin feed, with the rest of the log (read from just before the approvals: the
    // database is shared with the other tests, so the log's first page may end earlier).
    const [{ before }]: { before: string }[] = await app.dataSource.query(
      `SELECT min(global_position) - 1 AS before FROM events
        WHERE type = 'SheetDreamApproved' AND stream_id = ANY($1)`,
      [[`registration-${zenobia}`, `registration-${orsolya}`]],
    );
    // The feed shows an event once no older transaction anywhere in the database is still open
    // (so that it never skips one): other test files share this database, so ask until it does.
    const approvedStreams = await waitFor(async () => {
      const feed = await adminRequest<{
        events: { type: string; streamId: string; payload: Record<string, unknown> }[];
      }>(app.url, cookie, 'GET', `/api/admin/events?after=${before}&limit=500`);
      expect(feed.status).toBe(200);
      const streams = feed.body.events
        .filter((event) => event.type === 'SheetDreamApproved')
        .map((event) => event.streamId);
      return streams.length >= 2 ? streams : undefined;
    }, 60_000);
    expect(approvedStreams).toEqual([`registration-${zenobia}`, `registration-${orsolya}`]);
  });

  it('approving the same texts again records nothing', async () => {
    const before = await app.dataSource.query('SELECT count(*)::int AS n FROM events');
    const response = await approve([{ registrationId: zenobia, text: APPROVED_BY_HAND }]);
    expect(response.status).toBe(200);
    expect(await app.dataSource.query('SELECT count(*)::int AS n FROM events')).toEqual(before);
  });

  it('an edited dream is to be approved again', async () => {
    const edited = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/registrations/${orsolya}/dream`,
      {
        dream: `${ORSOLYA.dream} Poi Orsolya si è svegliata, e la stanza era piena di luce.`,
      },
    );
    expect(edited.status).toBe(200);
    const after = await sheet();
    expect(after.dreams[1].approvedText).toBeNull();
    expect(after.dreams[0].approvedText).toBe(APPROVED_BY_HAND);
  });

  function answer(answers: { registrationId: string; spanId: string; answer: string }[]) {
    return adminRequest<Sheet>(app.url, cookie, 'POST', `${SHEET}/answers`, { answers });
  }

  function print() {
    return adminRequest<{ dreams: { seat: number; language: string; text: string }[] }>(
      app.url,
      cookie,
      'GET',
      `${SHEET}/print`,
    );
  }

  async function eventCount(): Promise<unknown> {
    return app.dataSource.query('SELECT count(*)::int AS n FROM events');
  }

  async function pelagiaSpans(): Promise<Span[]> {
    const dream = (await sheet()).dreams.find((item) => item.registrationId === pelagia);
    return dream?.anonymised.spans.filter((span) => span.kind === 'suspected') ?? [];
  }

  it('refuses to approve a dream, or print the sheet, while its suspicions are open, writing nothing', async () => {
    const before = await eventCount();
    const anonymised = (await sheet()).dreams[2].anonymised.text;
    const approval = await approve([{ registrationId: pelagia, text: anonymised }]);
    expect(approval.status).toBe(409);
    expect(approval.body as unknown as NotReady).toMatchObject({
      statusCode: 409,
      reason: 'open-suspicions',
      dreams: [{ registrationId: pelagia, openSuspicions: 2, stillPersonal: [] }],
    });
    const printed = await print();
    expect(printed.status).toBe(409);
    expect(printed.body as unknown as NotReady).toMatchObject({
      reason: 'open-suspicions',
      dreams: [{ registrationId: pelagia, openSuspicions: 2 }],
    });
    expect(await eventCount()).toEqual(before);
  });

  it('refuses answers that name no suspicion of the dream, a bad answer, a duplicate or a stranger, writing nothing', async () => {
    const before = await eventCount();
    const [first] = await pelagiaSpans();
    const replacedId = (await sheet()).dreams[0].anonymised.spans[0].id;
    for (const [answers, status] of [
      [[{ registrationId: zenobia, spanId: replacedId, answer: 'keep' }], 400],
      [[{ registrationId: pelagia, spanId: '1-2', answer: 'keep' }], 400],
      [[{ registrationId: pelagia, spanId: first.id, answer: 'maybe' }], 400],
      [[{ registrationId: pelagia, spanId: 'Zamfirache', answer: 'keep' }], 400],
      [
        [
          { registrationId: pelagia, spanId: first.id, answer: 'keep' },
          { registrationId: pelagia, spanId: first.id, answer: 'replace' },
        ],
        400,
      ],
      [
        [
          { registrationId: pelagia, spanId: first.id, answer: 'keep' },
          { registrationId: '00000000-0000-4000-8000-000000000000', spanId: '0-1', answer: 'keep' },
        ],
        404,
      ],
      [[{ registrationId: held, spanId: '0-1', answer: 'keep' }], 400],
      [[], 400],
    ] as const) {
      const response = await answer([...answers]);
      expect({ answers, status: response.status }).toEqual({ answers, status });
      expect(response.body).toMatchObject({ statusCode: status });
    }
    expect(await eventCount()).toEqual(before);
  });

  it('records the answers as an event naming the operator, sealed, and applies them', async () => {
    const [lady, brother] = await pelagiaSpans();
    const response = await answer([
      { registrationId: pelagia, spanId: lady.id, answer: 'replace' },
      { registrationId: pelagia, spanId: brother.id, answer: 'keep' },
    ]);
    expect(response.status).toBe(200);
    const dream = response.body.dreams[2];
    expect(dream.anonymised.text).toBe(
      'Am visat-o pe doamna A. și pe fratele meu Dragomirel pe strada Lipscani; X. râdea într-o cameră obscură plină de fotografii vechi.',
    );
    expect(dream.openSuspicions).toBe(0);
    expect(
      dream.anonymised.spans.filter((span) => span.kind === 'suspected').map((span) => span.answer),
    ).toEqual(['replace', 'keep']);
    expect(response.body.openSuspicions).toBe(0);
    const stored: { data: Record<string, unknown>; metadata: Record<string, unknown> }[] =
      await storedEvents(app.dataSource, `registration-${pelagia}`, 'SheetSuspicionsAnswered');
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored[0].data)).not.toContain('Zamfirache');
    expect(stored[0].data).toMatchObject({
      registrationId: pelagia,
      answeredBy: expect.any(String),
      answeredAt: expect.any(String),
      sealedPersonalData: expect.any(String),
    });
    expect(stored[0].metadata).toMatchObject({
      actor: 'admin',
      adminSessionId: stored[0].data.answeredBy,
    });
    // The same answers again record nothing; the approval now goes through.
    const before = await eventCount();
    expect(
      (
        await answer([
          { registrationId: pelagia, spanId: lady.id, answer: 'replace' },
          { registrationId: pelagia, spanId: brother.id, answer: 'keep' },
        ])
      ).status,
    ).toBe(200);
    expect(await eventCount()).toEqual(before);
    const approval = await approve([{ registrationId: pelagia, text: dream.anonymised.text }]);
    expect(approval.status).toBe(200);
    expect(approval.body.dreams[2]).toMatchObject({
      approvedText: dream.anonymised.text,
      stillPersonal: [],
      stillPersonalAccepted: false,
    });
  });

  it('refuses a text that still looks personal unless approved knowingly, and prints only then', async () => {
    const text = 'Brightwater wrote to orsolya.bright@example.org at night.';
    const before = await eventCount();
    const refused = await approve([{ registrationId: orsolya, text }]);
    expect(refused.status).toBe(409);
    expect(refused.body as unknown as NotReady).toMatchObject({
      reason: 'still-personal',
      dreams: [{ registrationId: orsolya, stillPersonal: ['author-name', 'author-email'] }],
    });
    expect(await eventCount()).toEqual(before);
    const response = await approve([
      { registrationId: orsolya, text, acceptStillPersonal: true } as never,
    ]);
    expect(response.status).toBe(200);
    expect(response.body.dreams[1]).toMatchObject({
      approvedText: text,
      stillPersonal: ['author-name', 'author-email'],
      stillPersonalAccepted: true,
    });
    expect(response.body.printable).toBe(true);
    const printed = await print();
    expect(printed.status).toBe(200);
    expect(printed.body.dreams.map((dream) => [dream.seat, dream.text])).toEqual([
      [1, APPROVED_BY_HAND],
      [2, text],
      [
        3,
        'Am visat-o pe doamna A. și pe fratele meu Dragomirel pe strada Lipscani; X. râdea într-o cameră obscură plină de fotografii vechi.',
      ],
    ]);
    expect(JSON.stringify(printed.body)).not.toContain('Zamfirache');
  });

  it('an edited dream is reviewed again: its answers and approval are gone', async () => {
    const edited = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/registrations/${pelagia}/dream`,
      { dream: `Doamna Zamfirache mi-a spus: ${PELAGIA.dream}` },
    );
    expect(edited.status).toBe(200);
    const dream = (await sheet()).dreams[2];
    // The same two, and the lady again at the start: three, none answered.
    expect(dream).toMatchObject({ approvedText: null, openSuspicions: 3 });
    expect((await print()).status).toBe(409);
    const spans = await pelagiaSpans();
    expect(
      (
        await answer(
          spans.map((span) => ({ registrationId: pelagia, spanId: span.id, answer: 'replace' })),
        )
      ).status,
    ).toBe(200);
  });

  it('a rebuild of the read models equals the live ones, approvals included', async () => {
    const live = await snapshotReadModels(app.dataSource);
    await rebuildProjections(app.dataSource, catalogue);
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
    expect((await sheet()).dreams[0].approvedText).toBe(APPROVED_BY_HAND);
  });

  it('after an erasure no text of the dream, as written or as approved, is readable anywhere', async () => {
    const before = (await dumpDatabase(database.url)).text;
    expect(before.includes('felinare de cupru marmorat')).toBe(true);
    const deleted = await adminRequest(app.url, cookie, 'DELETE', `/api/registrations/${zenobia}`);
    expect(deleted.status).toBe(204);
    const { method, text } = await dumpDatabase(database.url);
    const lower = text.toLowerCase();
    const found = [
      ZENOBIA.dream,
      APPROVED_BY_HAND,
      'felinare de cupru marmorat',
      ZENOBIA.name,
      ZENOBIA.email,
    ].filter((secret) => lower.includes(secret.toLowerCase()));
    expect({ method, found }).toEqual({ method, found: [] });
    expect((await eventTypes(zenobia)).includes('SheetDreamApproved')).toBe(true);
    // The history keeps the fact, and says the text was erased.
    const history = await adminRequest<{
      events: { type: string; personalDataErased: boolean; erasedFields: string[] }[];
    }>(app.url, cookie, 'GET', `/api/admin/registrations/${zenobia}/history`);
    expect(history.status).toBe(200);
    expect(history.body.events.find((event) => event.type === 'SheetDreamApproved')).toMatchObject({
      personalDataErased: true,
      erasedFields: ['sheetDream'],
    });
    expect((await sheet()).dreams.map((dream) => dream.registrationId)).toEqual([orsolya, pelagia]);
  });

  it('after an erasure the answers, and the words they were about, are readable nowhere', async () => {
    expect((await dumpDatabase(database.url)).text.includes('Zamfirache')).toBe(true);
    const deleted = await adminRequest(app.url, cookie, 'DELETE', `/api/registrations/${pelagia}`);
    expect(deleted.status).toBe(204);
    const { method, text } = await dumpDatabase(database.url);
    const found = ['Zamfirache', 'Dragomirel', PELAGIA.name].filter((secret) =>
      text.toLowerCase().includes(secret.toLowerCase()),
    );
    expect({ method, found }).toEqual({ method, found: [] });
    const history = await adminRequest<{
      events: { type: string; personalDataErased: boolean; erasedFields: string[] }[];
    }>(app.url, cookie, 'GET', `/api/admin/registrations/${pelagia}/history`);
    expect(history.status).toBe(200);
    const answered = history.body.events.filter(
      (event) => event.type === 'SheetSuspicionsAnswered',
    );
    expect(answered).toHaveLength(2);
    for (const event of answered) {
      expect(event).toMatchObject({ personalDataErased: true, erasedFields: ['sheetAnswers'] });
    }
    expect((await sheet()).dreams.map((dream) => dream.registrationId)).toEqual([orsolya]);
  });
});
