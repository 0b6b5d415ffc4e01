import { request as httpRequest } from 'node:http';
import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { CreateRegistrationRequestDto } from '../../src/registrations/commands/create-registration/create-registration.request.dto';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { appsOnOwnDatabase, startTestApp, type TestApp } from '../test-app';
import { A_DREAM, registrationBody } from '../http';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A request with exactly these bytes and headers (fetch would add or fix some). */
function send(
  baseUrl: string,
  body: string | Buffer,
  headers: Record<string, string> = { 'content-type': 'application/json' },
  path = '/api/create-checkout-session',
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: { 'content-length': String(payload.length), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(res.headers).map(([name, value]) => [name, String(value)]),
            ),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** What must be the same from both routes: all but the date and the ids of new things. */
function comparable(answer: RawAnswer): RawAnswer {
  // Each instance's own address (PUBLIC_URL follows its port) is in its CSP's form-action.
  const headers = Object.fromEntries(
    Object.entries(answer.headers).map(([name, value]) => [
      name,
      value.replace(/http:\/\/(localhost|127\.0\.0\.1):\d+/g, '<site>'),
    ]),
  );
  delete headers.date;
  const body = answer.body
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/cs_sandbox_[\w-]+/g, '<session>')
    .replace(/http:\/\/(localhost|127\.0\.0\.1):\d+/g, '<site>');
  // A new registration's answer differs in its ids, so in its length and ETag too.
  if (body !== answer.body) {
    delete headers.etag;
    delete headers['content-length'];
  }
  return { status: answer.status, headers, body };
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * Requests whose answer does not depend on the database's state: each is sent to an instance
 * with the registration fast path and to one without (every request through Express and Nest),
 * and both must answer the same status, headers and body.
 */
const JSON_TYPE = { 'content-type': 'application/json' };
const REFUSED: [string, string | Buffer, Record<string, string>][] = [
  ['a missing name', json(registrationBody({ name: undefined })), JSON_TYPE],
  ['an empty name after trimming', json(registrationBody({ name: '   ' })), JSON_TYPE],
  ['a name over 100 characters', json(registrationBody({ name: 'A'.repeat(101) })), JSON_TYPE],
  ['a bad email', json(registrationBody({ email: 'ana@' })), JSON_TYPE],
  ['a short dream', json(registrationBody({ dream: 'Too short.' })), JSON_TYPE],
  ['a dream of 100 spaces', json(registrationBody({ dream: ' '.repeat(150) })), JSON_TYPE],
  ['a dream over 5000 characters', json(registrationBody({ dream: 'd'.repeat(5001) })), JSON_TYPE],
  ['a dream of 99 emoji', json(registrationBody({ dream: '🌙'.repeat(99) })), JSON_TYPE],
  ['an unknown field', json(registrationBody({ admin: true })), JSON_TYPE],
  ['a number for a name', json(registrationBody({ name: 42 })), JSON_TYPE],
  ['a string for dreamedCaptured', json(registrationBody({ dreamedCaptured: 'yes' })), JSON_TYPE],
  ['an unknown locale', json(registrationBody({ locale: 'fr' })), JSON_TYPE],
  ['a NUL in the whatsapp number', json(registrationBody({ whatsapp: '+40\u0000712' })), JSON_TYPE],
  ['an array', json([registrationBody()]), JSON_TYPE],
  ['null', 'null', JSON_TYPE],
  ['a number', '42', JSON_TYPE],
  ['a string', '"registration"', JSON_TYPE],
  ['whitespace only', '   \n', JSON_TYPE],
  ['malformed JSON', '{"name": "Ana",', JSON_TYPE],
  ['JSON with a trailing comma', '{"name": "Ana",}', JSON_TYPE],
  ['an unknown event', json(registrationBody({ event: 'paris' })), JSON_TYPE],
  ['an unknown slot', json(registrationBody({ time: 'Never - 0:00am' })), JSON_TYPE],
  ['a closed slot', json(registrationBody({ time: 'Oct 19 - 7:00pm' })), JSON_TYPE],
  ['a form body', 'name=Ana', { 'content-type': 'application/x-www-form-urlencoded' }],
  ['text', json(registrationBody()), { 'content-type': 'text/plain' }],
  ['no content type', json(registrationBody()), {}],
  [
    'a latin-1 charset',
    json(registrationBody()),
    { 'content-type': 'application/json; charset=latin1' },
  ],
  [
    'a body over the limit',
    json(registrationBody({ dream: 'x'.repeat(110_000) })),
    { 'content-type': 'application/json' },
  ],
];

describe('the registration fast path', () => {
  // An instance with the fast path, and one where every request goes through Express and Nest.
  const instances = appsOnOwnDatabase([{}, { options: { fastPaths: false } }]);
  /**
   * How many registration bodies Nest's validation has seen, in either instance: the Nest
   * route's, never the fast path's. (A spy on the controller would hide its route from Nest.)
   */
  let validations: jest.SpyInstance;
  const routeCalls = () =>
    validations.mock.calls.filter(
      ([, metadata]) => (metadata as ArgumentMetadata).metatype === CreateRegistrationRequestDto,
    ).length;

  beforeEach(() => {
    validations = jest.spyOn(ValidationPipe.prototype, 'transform');
  });

  afterEach(() => validations.mockRestore());

  // Every row has its headers: jest would take a missing last argument for a done callback.
  it.each(REFUSED)('refuses %s exactly as the Nest route does', async (_, body, headers) => {
    const [fast, plain] = instances.apps;
    const requestHeaders = { 'x-request-id': 'same-id-for-both', ...headers };
    const fromFast = await send(fast.url, body, requestHeaders);
    const fromPlain = await send(plain.url, body, requestHeaders);
    expect(fromFast.status).toBeGreaterThanOrEqual(400);
    expect(fromFast.status).toBeLessThan(500);
    expect(comparable(fromFast)).toEqual(comparable(fromPlain));
  });

  it('registers as the Nest route does: a seat, then the same open payment for the same email', async () => {
    const [fast, plain] = instances.apps;
    {
      const answers: Record<string, RawAnswer[]> = { fast: [], plain: [] };
      const routed: Record<string, number> = {};
      for (const [name, app] of [
        ['fast', fast],
        ['plain', plain],
      ] as const) {
        const before = routeCalls();
        const body = json(registrationBody({ email: `same.${name}@example.com`, locale: 'ro' }));
        const headers = { 'content-type': 'application/json', 'x-request-id': `id-${name}` };
        answers[name].push(await send(app.url, body, headers));
        answers[name].push(await send(app.url, body, headers));
        routed[name] = routeCalls() - before;
      }
      // Only the instance without the fast path ran the Nest route (twice).
      expect(routed).toEqual({ fast: 0, plain: 2 });
      expect(answers.fast[0].status).toBe(200);
      expect(JSON.parse(answers.fast[0].body)).toEqual({
        url: expect.stringContaining('/sandbox/checkout/'),
        registrationId: expect.any(String),
      });
      expect(answers.fast[0].headers['x-request-id']).toBe('id-fast');
      // The same email again while its seat is held unpaid: back to that open payment.
      expect(answers.fast[1].status).toBe(200);
      expect(JSON.parse(answers.fast[1].body)).toEqual(JSON.parse(answers.fast[0].body));
      const strip = (answer: RawAnswer) => {
        const { headers, ...rest } = comparable(answer);
        delete headers['x-request-id'];
        return { ...rest, headers };
      };
      expect(answers.fast.map(strip)).toEqual(answers.plain.map(strip));
    }
  });

  it('takes what the DTO accepts as it stands: trimmed fields, a BOM, null optionals', async () => {
    const [fast] = instances.apps;
    const bodies: [string | Buffer, Record<string, string>][] = [
      [
        json({
          ...registrationBody({ email: '  Trim.Me@Example.com ' }),
          name: '  Ana  ',
          locale: null,
          dreamedCaptured: null,
        }),
        { 'content-type': 'application/json' },
      ],
      [
        Buffer.concat([
          Buffer.from([0xef, 0xbb, 0xbf]),
          Buffer.from(json(registrationBody({ email: 'bom@example.com' }))),
        ]),
        { 'content-type': 'application/json; charset=utf-8' },
      ],
      [
        json(
          registrationBody({ email: 'unicode@example.com', dream: `${'ș'.repeat(60)} ${A_DREAM}` }),
        ),
        { 'content-type': 'Application/JSON' },
      ],
    ];
    for (const [body, headers] of bodies) {
      const answer = await send(fast.url, body, headers);
      expect(answer.status).toBe(200);
    }
    expect(routeCalls()).toBe(0);
    const [row] = (await fast.dataSource.query(
      `SELECT name, email, locale, dreamed_captured FROM registration_view WHERE email_key = $1`,
      ['trim.me@example.com'],
    )) as { name: string; email: string; locale: string; dreamed_captured: boolean }[];
    expect(row).toEqual({
      name: 'Ana',
      email: 'Trim.Me@Example.com',
      locale: 'en',
      dreamed_captured: false,
    });
  });
});

describe('the registration fast path and the rate limit', () => {
  let databases: TestDatabase[];
  let fast: TestApp;
  let plain: TestApp;

  beforeAll(async () => {
    databases = [await createTestDatabase(), await createTestDatabase()];
    const env = { REGISTRATION_RATE_LIMIT: '2', REGISTRATION_RATE_WINDOW_SECONDS: '600' };
    fast = await startTestApp(databases[0].url, env);
    plain = await startTestApp(databases[1].url, env, undefined, { fastPaths: false });
  });

  afterAll(async () => {
    await fast?.close();
    await plain?.close();
    await Promise.all((databases ?? []).map((database) => database.drop()));
  });

  it('counts, refuses and says so with the same headers', async () => {
    const answers: Record<string, RawAnswer[]> = { fast: [], plain: [] };
    for (const [name, app] of [
      ['fast', fast],
      ['plain', plain],
    ] as const) {
      const headers = { 'content-type': 'application/json', 'x-request-id': 'limited' };
      for (const index of [1, 2, 3]) {
        // The second one is refused by validation: it still counts, once.
        const body =
          index === 2
            ? json(registrationBody({ dream: 'short' }))
            : json(registrationBody({ email: `limit.${index}@example.com` }));
        answers[name].push(await send(app.url, body, headers));
      }
    }
    expect(answers.fast.map((answer) => answer.status)).toEqual([200, 400, 429]);
    expect(answers.fast[0].headers['ratelimit-remaining']).toBe('1');
    expect(answers.fast[1].headers['ratelimit-remaining']).toBe('0');
    const stripReset = (answer: RawAnswer) => {
      const { headers, ...rest } = comparable(answer);
      // Seconds left in the window: the two instances did not start at the same instant.
      delete headers['ratelimit-reset'];
      delete headers['retry-after'];
      return { ...rest, headers, body: rest.body.replace(/\d+ minutes?/, '<minutes>') };
    };
    expect(answers.fast.map(stripReset)).toEqual(answers.plain.map(stripReset));
  });
});
