import { LiveTour } from '../../src/tour/live-tour';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp, type TestApp } from '../test-app';
import { A_DREAM, OPEN_SLOT, registrationBody, request } from '../http';

describe('POST /api/create-checkout-session', () => {
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database.url);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  async function eventCount(): Promise<number> {
    const [row] = await app.dataSource.query('SELECT count(*)::int AS count FROM events');
    return row.count;
  }

  const register = (body: unknown) =>
    request<{
      statusCode: number;
      message: string;
      errors: { field: string; message: string }[];
      url?: string;
      registrationId?: string;
      success?: boolean;
      waitingList?: boolean;
    }>(app.url, 'POST', '/api/create-checkout-session', body);

  const EMAIL = 'Please enter a valid email address';
  const PHONE = 'Please enter a valid WhatsApp number (e.g., +39 123 456 7890 or 123-456-7890)';

  it.each([
    ['name', { name: '' }, 'Name is required', 'blank'],
    ['name', { name: '   ' }, 'Name is required', 'blank'],
    ['name', { name: undefined }, 'Name is required', 'not-text'],
    ['name', { name: 'x'.repeat(101) }, 'Name must be at most 100 characters', 'too-long'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address', 'invalid-email'],
    ['email', { email: '' }, 'Please enter a valid email address', 'invalid-email'],
    ['email', { email: 42 }, 'Please enter a valid email address', 'not-text'],
    [
      'email',
      { email: `${'a'.repeat(64)}.${'b'.repeat(180)}@example.com` },
      EMAIL,
      'invalid-email',
    ],
    // SMTP's limit before the @ is 64 characters.
    ['email', { email: `${'a'.repeat(65)}@example.com` }, EMAIL, 'invalid-email'],
    ['whatsapp', { whatsapp: 'call me maybe' }, PHONE, 'invalid-phone'],
    ['whatsapp', { whatsapp: '12' }, PHONE, 'invalid-phone'],
    ['whatsapp', { whatsapp: '+40 712 345 678 999 999' }, PHONE, 'invalid-phone'],
    ['whatsapp', { whatsapp: '' }, 'Phone number is required', 'blank'],
    [
      'whatsapp',
      { whatsapp: '1'.repeat(33) },
      'Phone number must be at most 32 characters',
      'too-long',
    ],
    ['event', { event: '' }, 'Only Bucharest event is available', 'blank'],
    ['event', { event: 'milano' }, 'Only Bucharest event is available', 'event-not-open'],
    ['event', { event: 'atlantis' }, 'Only Bucharest event is available', 'event-not-open'],
    ['time', { time: '' }, 'Please select a time slot', 'blank'],
    ['time', { time: 'Nov 1 - 9:00pm' }, 'Please select a time slot', 'slot-unknown'],
    [
      'time',
      { time: 'Oct 19 - 7:00pm' },
      'This time slot is closed for registration',
      'slot-closed',
    ],
    [
      'dream',
      { dream: 'too short' },
      'Please share your dream with at least 100 characters - it will be part of the performance',
      'too-short',
    ],
    [
      'dream',
      { dream: `   ${'a'.repeat(99)}   ` },
      'Please share your dream with at least 100 characters - it will be part of the performance',
      'too-short',
    ],
    [
      'dream',
      // 99 emoji are 99 characters as a person counts them, though 198 UTF-16 units.
      { dream: '🌙'.repeat(99) },
      'Please share your dream with at least 100 characters - it will be part of the performance',
      'too-short',
    ],
    [
      'dream',
      { dream: 'a'.repeat(5001) },
      'Your dream must be at most 5000 characters',
      'too-long',
    ],
    // 110 letters as a person sees them, 10,010 characters as stored.
    [
      'dream',
      { dream: `${'a'.repeat(110)}${'\u200b'.repeat(9900)}` },
      'Your dream must be at most 5000 characters',
      'too-long',
    ],
    [
      'dream',
      { dream: `${'e\u0301'.repeat(110)}${'\u0300'.repeat(9900)}` },
      'Your dream must be at most 5000 characters',
      'too-long',
    ],
    [
      'dreamedCaptured',
      { dreamedCaptured: 'yes' },
      'dreamedCaptured must be true or false',
      'not-boolean',
    ],
    ['locale', { locale: 'fr' }, 'locale must be one of en, it, ro', 'not-allowed'],
    ['surprise', { surprise: 1 }, 'Unknown field: surprise', 'unknown-field'],
    [
      'whatsapp',
      { whatsapp: '+40 712\u0000' },
      'whatsapp must not contain NUL characters',
      'nul-character',
    ],
  ])(
    'refuses a bad %s with its message and code, and writes nothing',
    async (field, override, message, code) => {
      const before = await eventCount();
      const response = await register(registrationBody(override));
      expect(response.status).toBe(400);
      expect(response.body.statusCode).toBe(400);
      expect(response.body.errors).toContainEqual(
        expect.objectContaining({ field, code, message }),
      );
      expect(response.body.message).toContain(message);
      expect(await eventCount()).toBe(before);
    },
  );

  it('reports every broken field at once', async () => {
    const response = await register({ event: 'bucharest', time: OPEN_SLOT });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error) => error.field).sort()).toEqual([
      'dream',
      'email',
      'name',
      'whatsapp',
    ]);
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const response = await register('{"name": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      statusCode: 400,
      code: 'invalid-json',
      message: 'The request body is not valid JSON',
      errors: [],
    });
  });

  it.each([
    // SPEC section 5's examples, and numbers of the tour's countries.
    '+39 123 456 7890',
    '(123) 456-7890',
    '123-456-7890',
    '+40 712 345 678',
    '0712 345 678',
  ])('accepts the phone %s', async (whatsapp) => {
    const response = await register(
      registrationBody({ whatsapp, email: `${whatsapp.replace(/\D/g, '')}@example.com` }),
    );
    expect(response.status).toBe(200);
  });

  it('accepts an email of 64 characters before the @', async () => {
    const response = await register(registrationBody({ email: `${'a'.repeat(64)}@example.com` }));
    expect(response.status).toBe(200);
  });

  it('counts 100 emoji as 100 characters', async () => {
    const response = await register(registrationBody({ dream: '🌙'.repeat(100) }));
    expect(response.status).toBe(200);
  });

  it('holds a seat and answers the payment page', async () => {
    const body = registrationBody();
    const response = await register(body);
    expect(response.status).toBe(200);
    expect(response.body.url).toMatch(/\/sandbox\/checkout\/cs_sandbox_/);
    const id = response.body.registrationId!;

    const registration = await request(app.url, 'GET', `/api/registrations/${id}`);
    expect(registration.status).toBe(200);
    // SPEC's fields and where it stands: whoever holds the id (a link, a log) reads no phone
    // number and no payment details.
    expect(registration.body).toEqual({
      name: body.name,
      email: body.email,
      event: 'bucharest',
      time: OPEN_SLOT,
      waitingList: false,
      status: 'held',
      sharesDreams: true,
    });

    // The payment page names the slot by its start where the show is, not by its key.
    const page = await fetch(response.body.url!.replace(/^https?:\/\/[^/]+/, app.url));
    expect(page.status).toBe(200);
    const slot = app.app.get(LiveTour).slotLabel('bucharest', OPEN_SLOT, 'en');
    expect(await page.text()).toContain(slot);
  });

  it('trims what it stores', async () => {
    const body = registrationBody({ name: '  Ion  ', dream: `  ${A_DREAM}  ` });
    const response = await register(body);
    const registration = await request(
      app.url,
      'GET',
      `/api/registrations/${response.body.registrationId}`,
    );
    expect(registration.body.name).toBe('Ion');
  });

  it('refuses a second registration with the same email for the same slot once paid', async () => {
    const body = registrationBody({ email: 'Twice@Example.com' });
    const first = await register(body);
    expect(first.status).toBe(200);
    // Paid in the sandbox (while the seat is held unpaid, see resume-and-give-back.spec.ts).
    const paid = await fetch(first.body.url!.replace(/^https?:\/\/[^/]+/, app.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
      }).toString(),
    });
    expect(paid.status).toBe(303);
    const before = await eventCount();
    const again = await register({ ...body, email: ' twice@example.COM ' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      statusCode: 409,
      code: 'already-registered',
      message: 'You have already registered for this event with this email address.',
      errors: [
        {
          field: 'email',
          code: 'already-registered',
          message: 'You have already registered for this event with this email address.',
        },
      ],
    });
    expect(await eventCount()).toBe(before);
  });

  it('keeps personal data out of the event log in clear text', async () => {
    const body = registrationBody({ name: 'Unmistakable Name', whatsapp: '+40 799 000 111' });
    const response = await register(body);
    const rows: { data: unknown }[] = await app.dataSource.query(
      `SELECT data FROM events WHERE stream_id = $1`,
      [`registration-${response.body.registrationId}`],
    );
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('Unmistakable Name');
    expect(stored).not.toContain(body.email as string);
    expect(stored).not.toContain('+40 799 000 111');
    expect(stored).not.toContain(A_DREAM.slice(0, 40));
  });

  it('answers 404 for an unknown id and 400 for a malformed one, in the error shape', async () => {
    const unknown = await request(
      app.url,
      'GET',
      '/api/registrations/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      statusCode: 404,
      code: 'registration-not-found',
      message: 'Registration not found',
      errors: [],
    });
    for (const [id, fault] of [
      ['not-a-uuid', { code: 'bad-format' }],
      ["1' OR '1'='1", { code: 'bad-format' }],
      [`${'0'.repeat(36)}0`, { code: 'too-long', limit: 36 }],
    ] as const) {
      const response = await request(
        app.url,
        'GET',
        `/api/registrations/${encodeURIComponent(id)}`,
      );
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        statusCode: 400,
        code: 'validation-failed',
        message: expect.stringMatching(/^id must be /),
        errors: [{ field: 'id', ...fault, message: expect.stringMatching(/^id must be /) }],
      });
    }
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const response = await request(app.url, 'GET', '/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404, errors: [] });
  });

  it('records a further shared dream', async () => {
    const created = await register(registrationBody());
    const id = created.body.registrationId!;
    const shared = await request(app.url, 'POST', `/api/registrations/${id}/dreams`, {
      dream: 'A second dream about a lighthouse that sang.',
    });
    expect(shared.status).toBe(201);
    const rows = await app.dataSource.query(
      `SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version`,
      [`registration-${id}`],
    );
    expect(rows.map((row: { type: string }) => row.type)).toContain('DreamShared');
    const unknown = await request(
      app.url,
      'POST',
      '/api/registrations/00000000-0000-4000-8000-000000000000/dreams',
      { dream: 'A second dream about a lighthouse that sang.' },
    );
    expect(unknown.status).toBe(404);
    const short = await request(app.url, 'POST', `/api/registrations/${id}/dreams`, { dream: 'x' });
    expect(short.status).toBe(400);
  });
});
